package org.atollmpi.launch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.atollmpi.launch.MpirunArgs.UsageError;

/**
 * Reads a command line the way mpirun's is read: options, each with all its names and a fixed
 * number of values ({@code -np 4}, {@code --mca btl self}; a long one also as {@code --name=value}),
 * up to the first word that is no option (the program) or {@code --}; an option with
 * {@link #REST} takes every word after it ({@code -jar file args...}). Everything from the program
 * on is left to the caller. It neither reflects nor expands {@code @file} words; its errors are
 * {@link UsageError}s naming the option.
 *
 * <p>Our own rather than picocli, which mpirun used before: picocli's classes are Java 5 class
 * files, which the JVM verifies the slow way and cannot keep in mpirun's class-data archive, and
 * it reads annotations through dynamic proxies; parsing took about 100 ms of every job's start
 * (docs/BENCHMARKS.md, "Start-up"), this takes well under one.
 */
final class OptionParser {
    /** The arity of an option that takes every remaining word. */
    static final int REST = -1;

    /**
     * One option.
     *
     * @param names       every spelling, the first one the canonical name that {@link Target} gets
     * @param arity       how many values follow it: 0 (a flag), 1, 2, or {@link #REST}
     * @param label       the values in the usage text ({@code N}, {@code key value}); empty for a flag
     * @param description its line(s) in the usage text
     */
    record Option(List<String> names, int arity, String label, String description) {
        String name() {
            return names.get(0);
        }
    }

    /** Where the options go. */
    interface Target {
        /**
         * @param name   the option's canonical (first) name
         * @param given  the spelling on the command line, for messages
         * @param values its values, as many as its arity
         */
        void apply(String name, String given, List<String> values);
    }

    private final List<Option> options;
    private final Map<String, Option> byName = new HashMap<>();

    OptionParser(List<Option> options) {
        this.options = List.copyOf(options);
        for (Option o : options) {
            for (String n : o.names()) {
                if (byName.put(n, o) != null) {
                    throw new IllegalArgumentException("option name " + n + " given twice");
                }
            }
        }
    }

    /**
     * Applies the options at the start of {@code args} to {@code target}.
     *
     * @return the index of the first word that is not mpirun's (the program), {@code args.length} if none
     */
    int parse(String[] args, Target target) {
        int i = 0;
        while (i < args.length) {
            String arg = args[i];
            if (arg.equals("--")) {
                return i + 1;
            }
            if (arg.length() < 2 || arg.charAt(0) != '-') {
                return i;
            }
            String given = arg;
            String attached = null;
            Option option = byName.get(arg);
            int eq = arg.indexOf('=');
            if (option == null && arg.startsWith("--") && eq > 2) {
                given = arg.substring(0, eq);
                attached = arg.substring(eq + 1);
                option = byName.get(given);
                if (option != null && option.arity() != 1) {
                    throw new UsageError("option '" + given + "' takes " + valuesOf(option) + ", not '=" + attached + "'");
                }
            }
            if (option == null) {
                throw new UsageError("Unknown option: '" + arg + "'");
            }
            i++;
            List<String> values;
            if (attached != null) {
                values = List.of(attached);
            } else if (option.arity() == REST) {
                values = List.of(args).subList(i, args.length);
                i = args.length;
            } else {
                if (args.length - i < option.arity()) {
                    throw new UsageError("Missing required parameter for option '" + given + "' (" + option.label() + ")");
                }
                values = List.of(args).subList(i, i + option.arity());
                i += option.arity();
            }
            target.apply(option.name(), given, values);
        }
        return i;
    }

    private static String valuesOf(Option option) {
        return switch (option.arity()) {
            case 0 -> "no value";
            case REST -> "the rest of the line";
            default -> option.arity() + " values";
        };
    }

    /** An int value of option {@code given}. */
    static int intValue(String given, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new UsageError("Invalid value for option '" + given + "': '" + value + "' is not an int");
        }
    }

    /** The option list of the usage text: names and label, then the description wrapped at {@code width}. */
    String describe(int width) {
        List<String> heads = new ArrayList<>();
        int column = 0;
        for (Option o : options) {
            String head = "  " + String.join(", ", o.names()) + (o.label().isEmpty() ? "" : " " + o.label());
            heads.add(head);
            column = Math.max(column, Math.min(head.length(), 34));
        }
        StringBuilder out = new StringBuilder();
        for (int k = 0; k < options.size(); k++) {
            String head = heads.get(k);
            out.append(head);
            int at = head.length();
            if (at > column) {
                out.append('\n');
                at = 0;
            }
            out.append(" ".repeat(column - at + 2));
            wrap(out, options.get(k).description(), column + 2, width);
        }
        return out.toString();
    }

    /** Appends {@code text} wrapped at {@code width}, continuation lines indented by {@code indent}; ends with a newline. */
    static void wrap(StringBuilder out, String text, int indent, int width) {
        int at = indent;
        boolean first = true;
        for (String word : text.split(" ")) {
            if (!first && at + 1 + word.length() > width) {
                out.append('\n').append(" ".repeat(indent));
                at = indent;
                first = true;
            }
            if (!first) {
                out.append(' ');
                at++;
            }
            out.append(word);
            at += word.length();
            first = false;
        }
        out.append('\n');
    }
}
