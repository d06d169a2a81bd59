package org.atollmpi.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;

import org.junit.jupiter.api.Test;

/** The dissemination schedule, checked without an engine by following who has heard from whom. */
class BarrierTest {
    @Test
    void everyMemberHearsFromAllOthersForAnyGroupSize() {
        for (int n = 1; n <= 70; n++) {
            BitSet[] heard = new BitSet[n];
            for (int i = 0; i < n; i++) {
                heard[i] = new BitSet(n);
                heard[i].set(i);
            }
            int rounds = 0;
            for (int distance = 1; distance < n; distance <<= 1) {
                BitSet[] next = new BitSet[n];
                for (int i = 0; i < n; i++) {
                    next[i] = (BitSet) heard[i].clone();
                }
                for (int me = 0; me < n; me++) {
                    int to = Barrier.ahead(me, distance, n);
                    // The member I signal waits for exactly me in this round.
                    assertEquals(me, Barrier.behind(to, distance, n));
                    next[to].or(heard[me]);
                }
                heard = next;
                rounds++;
            }
            for (int i = 0; i < n; i++) {
                assertEquals(n, heard[i].cardinality(), "n=" + n + " member " + i);
            }
            assertTrue(rounds == 0 || (1 << (rounds - 1)) < n && n <= (1 << rounds), "n=" + n);
        }
    }

    @Test
    void eachRoundTalksToDifferentPeers() {
        for (int n = 2; n <= 70; n++) {
            for (int me = 0; me < n; me++) {
                BitSet peers = new BitSet(n);
                for (int distance = 1; distance < n; distance <<= 1) {
                    int from = Barrier.behind(me, distance, n);
                    assertTrue(!peers.get(from), "n=" + n + " me=" + me + " hears twice from " + from);
                    peers.set(from);
                }
            }
        }
    }
}
