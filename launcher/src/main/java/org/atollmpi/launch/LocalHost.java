package org.atollmpi.launch;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether a host name given to {@code -H} or in a hostfile is this machine: {@code localhost},
 * a loopback address, the machine's own names ({@code hostname}, Java's local host name), or any
 * name or address that resolves to an address of one of its interfaces. The cheap checks come
 * first; a name is resolved only when they do not decide.
 */
final class LocalHost {
    private static final Path KERNEL_HOSTNAME = Path.of("/proc/sys/kernel/hostname");

    private LocalHost() {
    }

    static boolean isLocal(String host) {
        String name = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (name.equalsIgnoreCase("localhost") || name.startsWith("127.") || name.equals("::1")) {
            return true;
        }
        if (name.equalsIgnoreCase(kernelHostName())) {
            return true;
        }
        try {
            if (name.equalsIgnoreCase(InetAddress.getLocalHost().getHostName())) {
                return true;
            }
        } catch (UnknownHostException e) {
            // then only the addresses below can tell
        }
        try {
            for (InetAddress address : InetAddress.getAllByName(name)) {
                if (address.isLoopbackAddress() || address.isAnyLocalAddress()
                        || NetworkInterface.getByInetAddress(address) != null) {
                    return true;
                }
            }
        } catch (IOException e) {
            // a name that does not resolve is no name of this machine
        }
        return false;
    }

    /** What {@code hostname} prints, or "" where the kernel does not say. */
    private static String kernelHostName() {
        try {
            return Files.readString(KERNEL_HOSTNAME).strip();
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
