package org.atollmpi.nic;

import java.util.Locale;

/** The environment variable that stands for a board setting's property. */
public final class SettingNames {
    private SettingNames() {
    }

    /**
     * {@code prefix} and {@code camelCase} in capitals with an underscore before each word:
     * {@code ("ATOLL_SHM_", "attachTimeoutMs")} gives {@code ATOLL_SHM_ATTACH_TIMEOUT_MS}. A loop,
     * not {@code replaceAll}: that compiles its pattern on every call, ten times a board's settings
     * in every rank's start.
     */
    public static String environmentName(String prefix, String camelCase) {
        StringBuilder name = new StringBuilder(prefix.length() + camelCase.length() + 4).append(prefix);
        for (int i = 0; i < camelCase.length(); i++) {
            char c = camelCase.charAt(i);
            if (i > 0 && Character.isUpperCase(c) && Character.isLowerCase(camelCase.charAt(i - 1))) {
                name.append('_');
            }
            name.append(c);
        }
        return name.toString().toUpperCase(Locale.ROOT);
    }
}
