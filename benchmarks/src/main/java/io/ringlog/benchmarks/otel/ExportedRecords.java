package io.ringlog.benchmarks.otel;

/**
 * Counts the log records in an OTLP {@code ExportLogsServiceRequest} by walking its protobuf encoding, without a
 * protobuf library: request field 1 ({@code resource_logs}) → field 2 ({@code scope_logs}) → field 2
 * ({@code log_records}), every other field skipped by its wire type. Stateless; any thread.
 */
final class ExportedRecords {
    private static final int RESOURCE_LOGS = 1;
    private static final int SCOPE_LOGS = 2;
    private static final int LOG_RECORDS = 2;

    private ExportedRecords() {
    }

    /** The log records in {@code request}, an uncompressed {@code ExportLogsServiceRequest}. */
    static long count(byte[] request) {
        long records = 0;
        Reader resources = new Reader(request, 0, request.length);
        while (resources.next()) {
            if (resources.field == RESOURCE_LOGS && resources.isLengthDelimited()) {
                Reader scopes = resources.embedded();
                while (scopes.next()) {
                    if (scopes.field == SCOPE_LOGS && scopes.isLengthDelimited()) {
                        Reader logs = scopes.embedded();
                        while (logs.next()) {
                            if (logs.field == LOG_RECORDS && logs.isLengthDelimited()) {
                                records++;
                            }
                            logs.skip();
                        }
                    }
                    scopes.skip();
                }
            }
            resources.skip();
        }
        return records;
    }

    /** One message's fields, one at a time: {@link #next} reads a tag, {@link #skip} or {@link #embedded} its value. */
    private static final class Reader {
        private static final int VARINT = 0;
        private static final int FIXED64 = 1;
        private static final int LENGTH_DELIMITED = 2;
        private static final int FIXED32 = 5;

        private final byte[] bytes;
        private final int end;
        private int position;
        int field;
        private int wireType;

        Reader(byte[] bytes, int start, int end) {
            this.bytes = bytes;
            this.position = start;
            this.end = end;
        }

        boolean next() {
            if (position >= end) {
                return false;
            }
            long tag = varint();
            field = (int) (tag >>> 3);
            wireType = (int) (tag & 7);
            return true;
        }

        boolean isLengthDelimited() {
            return wireType == LENGTH_DELIMITED;
        }

        /** The current length-delimited value as a message of its own; {@link #skip} then passes over it. */
        Reader embedded() {
            int saved = position;
            int length = (int) varint();
            Reader inner = new Reader(bytes, position, position + length);
            position = saved;
            return inner;
        }

        void skip() {
            switch (wireType) {
                case VARINT:
                    varint();
                    break;
                case FIXED64:
                    position += 8;
                    break;
                case LENGTH_DELIMITED:
                    int length = (int) varint();
                    position += length;
                    break;
                case FIXED32:
                    position += 4;
                    break;
                default:
                    throw new IllegalArgumentException("unsupported protobuf wire type " + wireType + " at byte " + position);
            }
        }

        private long varint() {
            long value = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                byte b = bytes[position++];
                value |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    return value;
                }
            }
            throw new IllegalArgumentException("malformed varint before byte " + position);
        }
    }
}
