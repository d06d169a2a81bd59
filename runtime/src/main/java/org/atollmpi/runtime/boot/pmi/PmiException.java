package org.atollmpi.runtime.boot.pmi;

import java.io.IOException;

/** The PMI server said something that is not PMI, or refused a command; the message quotes it. */
public final class PmiException extends IOException {
    private static final long serialVersionUID = 1L;

    public PmiException(String message) {
        super(message);
    }
}
