// What handing an event's cache lines to another core costs on this machine, without a JVM: a producer pinned to
// CPU 0 writes LINES cache lines of slot i of a ring of 8,192 slots, optionally runs a LOCK'd add and subtract around
// WORK steps of private arithmetic (about 1.35 ns each here), and publishes i with a release store; a consumer pinned to
// CPU 1 naps 20 us whenever it has caught up (as Ringlog's consumer does), then reads every line of every published slot,
// optionally writing each line after reading it (as a slot's clear does). Prints the producer's time per event.
//
// Build and run (docs/benchmarks.md, "The collector's fence"):
//   gcc -O2 -pthread -o /tmp/handoff-model benchmarks/investigations/handoff-model.c
//   /tmp/handoff-model LINES LOCKED CONSUMER WORK EVENTS CLEAR LOAD_FIRST
//   e.g. /tmp/handoff-model 6 1 1 100 10000000 1 1
// LOCKED, CONSUMER, CLEAR: 0 or 1. LOAD_FIRST: 1 to read a word of the slot before writing it (a dependent load).
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SLOTS 8192
#define LINE 64

static int lines, locked, consumer, work, clear, loadFirst;
static long events;
static char *ring;
static _Atomic long published = -1;
static _Atomic long consumed = -1;
static _Atomic long lockWord __attribute__((aligned(LINE)));
static volatile uint64_t sink;

static void pin(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static char *slot(long sequence) {
    return ring + (sequence % SLOTS) * lines * LINE;
}

static void *consume(void *unused) {
    pin(1);
    uint64_t sum = 0;
    for (long next = 0; next < events;) {
        long last = atomic_load_explicit(&published, memory_order_acquire);
        if (last < next) {
            struct timespec nap = {0, 20000};
            nanosleep(&nap, NULL);
            continue;
        }
        for (; next <= last; next++) {
            char *s = slot(next);
            for (int l = 0; l < lines; l++) {
                sum += *(volatile uint64_t *) (s + l * LINE);
            }
            if (clear) {
                for (int l = 0; l < lines; l++) {
                    *(volatile uint64_t *) (s + l * LINE + 8) = 0;
                }
            }
        }
        atomic_store_explicit(&consumed, next - 1, memory_order_release);
    }
    sink = sum;
    return unused;
}

int main(int argc, char **argv) {
    if (argc != 8) {
        fprintf(stderr, "usage: %s LINES LOCKED CONSUMER WORK EVENTS CLEAR LOAD_FIRST\n", argv[0]);
        return 2;
    }
    lines = atoi(argv[1]);
    locked = atoi(argv[2]);
    consumer = atoi(argv[3]);
    work = atoi(argv[4]);
    events = atol(argv[5]);
    clear = atoi(argv[6]);
    loadFirst = atoi(argv[7]);
    ring = aligned_alloc(LINE, (size_t) SLOTS * lines * LINE);
    memset(ring, 0, (size_t) SLOTS * lines * LINE);
    pthread_t thread;
    if (consumer) {
        pthread_create(&thread, NULL, consume, NULL);
    }
    pin(0);
    uint64_t x = 1;
    double start = now();
    for (long i = 0; i < events; i++) {
        while (consumer && i - atomic_load_explicit(&consumed, memory_order_acquire) >= SLOTS) {
            // the ring is full: wait for the consumer
        }
        char *s = slot(i);
        long offset = loadFirst ? (long) (*(volatile uint64_t *) (s + 16) & 1) * 8 : 0; // 0 or 8: aligned, and dependent
        for (int l = 0; l < lines; l++) {
            *(volatile uint64_t *) (s + l * LINE + offset) = (uint64_t) i;
        }
        if (locked) {
            atomic_fetch_add(&lockWord, 1);
        }
        for (int w = 0; w < work; w++) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        }
        if (locked) {
            atomic_fetch_sub(&lockWord, 1);
        }
        atomic_store_explicit(&published, i, memory_order_release);
    }
    double elapsed = now() - start;
    if (consumer) {
        pthread_join(thread, NULL);
    }
    sink = x;
    printf("lines=%d locked=%d consumer=%d work=%d clear=%d loadFirst=%d: %.1f ns/event\n", lines, locked, consumer,
           work, clear, loadFirst, elapsed * 1e9 / events);
    return 0;
}
