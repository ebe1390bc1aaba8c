package io.ringlog.log4j2;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.logging.log4j.util.BiConsumer;
import org.apache.logging.log4j.util.ReadOnlyStringMap;
import org.apache.logging.log4j.util.SortedArrayStringMap;
import org.apache.logging.log4j.util.TriConsumer;

/**
 * A slot's copy of the caller's context data (the thread context map), read by layouts and filters through
 * {@link ReadOnlyStringMap}. The first {@value #INLINE_ENTRIES} entries are kept in a block of references shared with
 * the neighbouring slots (see {@link SlotBlocks}); more spill into this slot's own array, grown as needed and kept up
 * to {@value #MAX_KEPT_SPILLED_ENTRIES} entries.
 * Entries keep the caller's map's iteration order (sorted, with Log4j2's own maps) and its values as they were.
 *
 * <p>Not a {@code StringMap}: Log4j2 copies it when it makes an immutable event ({@code toImmutable}, the
 * {@code Log4jLogEvent.Builder}), so nothing outside the slot holds it after delivery, except a target that keeps
 * the event itself, which Log4j2 forbids for mutable events.
 *
 * <p>Thread-safety: written by the caller that owns the slot, then read and cleared by the consumer; the ring's
 * publication orders the two, as for the rest of the slot.
 */
final class SlotContextData implements ReadOnlyStringMap {
    private static final long serialVersionUID = 1L;

    /** Entries held in the shared block; the rest spill into the slot's own array. */
    static final int INLINE_ENTRIES = 4;
    /** The most spilled entries whose array a slot keeps between events; a larger one is dropped when cleared. */
    static final int MAX_KEPT_SPILLED_ENTRIES = 32;
    /** References per slot in the shared block: a key and a value per entry. */
    static final int REFERENCES = 2 * INLINE_ENTRIES;

    private static final TriConsumer<String, Object, SlotContextData> APPEND = (key, value, copy) -> copy.append(key, value);

    private final transient Object[] block;
    private final transient int base;
    private transient Object[] spilled;
    private int size;

    SlotContextData(Object[] block, int base) {
        this.block = block;
        this.base = base;
    }

    /** Copies the caller's entries, in its order; the slot must be empty ({@link #clear()}). */
    void copyFrom(ReadOnlyStringMap source) {
        if (source != null && !source.isEmpty()) {
            source.forEach(APPEND, this);
        }
    }

    private void append(String key, Object value) {
        int index = size;
        if (index < INLINE_ENTRIES) {
            block[base + 2 * index] = key;
            block[base + 2 * index + 1] = value;
        } else {
            int at = 2 * (index - INLINE_ENTRIES);
            if (spilled == null || spilled.length < at + 2) {
                spilled = spilled == null ? new Object[2 * INLINE_ENTRIES] : Arrays.copyOf(spilled, 2 * spilled.length);
            }
            spilled[at] = key;
            spilled[at + 1] = value;
        }
        size = index + 1;
    }

    /**
     * Drops every reference, so that a delivered event's values are not retained, and an array that grew beyond
     * {@value #MAX_KEPT_SPILLED_ENTRIES} entries (one event with a large context map must not leave every slot it passed
     * through holding a large array for the rest of the run).
     */
    void clear() {
        int inline = Math.min(size, INLINE_ENTRIES);
        Arrays.fill(block, base, base + 2 * inline, null);
        if (size > INLINE_ENTRIES) {
            if (spilled.length > 2 * MAX_KEPT_SPILLED_ENTRIES) {
                spilled = null;
            } else {
                Arrays.fill(spilled, 0, 2 * (size - INLINE_ENTRIES), null);
            }
        }
        size = 0;
    }

    /** How many spilled entries this slot's own array holds now (0: none kept); for tests. */
    int keptCapacity() {
        return spilled == null ? 0 : spilled.length / 2;
    }

    private String keyAt(int index) {
        return (String) (index < INLINE_ENTRIES ? block[base + 2 * index] : spilled[2 * (index - INLINE_ENTRIES)]);
    }

    private Object valueAt(int index) {
        return index < INLINE_ENTRIES ? block[base + 2 * index + 1] : spilled[2 * (index - INLINE_ENTRIES) + 1];
    }

    private int indexOf(String key) {
        for (int i = 0; i < size; i++) {
            if (Objects.equals(keyAt(i), key)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public Map<String, String> toMap() {
        Map<String, String> map = new HashMap<>(Math.max(16, 2 * size));
        for (int i = 0; i < size; i++) {
            Object value = valueAt(i);
            map.put(keyAt(i), value == null ? null : String.valueOf(value));
        }
        return map;
    }

    @Override
    public boolean containsKey(String key) {
        return indexOf(key) >= 0;
    }

    @Override
    @SuppressWarnings("unchecked") // the caller's map holds values of the type its readers expect, as here
    public <V> void forEach(BiConsumer<String, ? super V> action) {
        for (int i = 0; i < size; i++) {
            action.accept(keyAt(i), (V) valueAt(i));
        }
    }

    @Override
    @SuppressWarnings("unchecked") // as above
    public <V, S> void forEach(TriConsumer<String, ? super V, S> action, S state) {
        for (int i = 0; i < size; i++) {
            action.accept(keyAt(i), (V) valueAt(i), state);
        }
    }

    @Override
    @SuppressWarnings("unchecked") // as above
    public <V> V getValue(String key) {
        int index = indexOf(key);
        return index < 0 ? null : (V) valueAt(index);
    }

    @Override
    public boolean isEmpty() {
        return size == 0;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("{");
        for (int i = 0; i < size; i++) {
            text.append(i == 0 ? "" : ", ").append(keyAt(i)).append('=').append(valueAt(i));
        }
        return text.append('}').toString();
    }

    /** Serialized as a copy: the shared block is not part of the event. */
    private Object writeReplace() {
        return new SortedArrayStringMap(this);
    }
}
