package org.atollmpi.nic.tcp;

/**
 * An authenticated peer sent a frame that breaks the protocol (beyond its credit, naming no
 * operation of ours, a part outside its operation): the connection is closed with this reason and
 * nothing of the frame is delivered.
 */
final class ProtocolViolation extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ProtocolViolation(String message) {
        super(message, null, false, false);
    }
}
