package io.ringlog.contract;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A TCP peer for a socket appender, on a loopback port chosen at {@link #start}: it accepts connections and hands each
 * decoded event to a consumer, one thread per connection. The test turns it into a peer that is down ({@link #stop()}:
 * connections are reset and new ones refused), back ({@link #restart()}: the same port again) or stalled
 * ({@link #stall()}: connections stay open, nothing more is read, so the sender's socket buffers fill and its writes
 * block). Its receive buffer is small ({@value #RECEIVE_BUFFER_BYTES} bytes asked; the kernel may round it up), so a
 * stall reaches the sender soon. Any thread may call its methods; its own threads are daemons.
 */
public final class LoopbackListener implements AutoCloseable {
    static final int RECEIVE_BUFFER_BYTES = 4096;

    private final WireFormat format;
    private final Consumer<String> events;
    private final List<Socket> connections = new CopyOnWriteArrayList<>();
    private final AtomicInteger accepted = new AtomicInteger();
    private final Object readGate = new Object();
    /** Guarded by {@code readGate}. */
    private boolean reading = true;
    private ServerSocket server;
    private int port;

    private LoopbackListener(WireFormat format, Consumer<String> events) {
        this.format = format;
        this.events = events;
    }

    /** Listens on a free loopback port, reading every connection and handing each event to {@code events}. */
    public static LoopbackListener start(WireFormat format, Consumer<String> events) throws IOException {
        LoopbackListener listener = new LoopbackListener(format, events);
        listener.bind(0);
        return listener;
    }

    /** The port, the same across {@link #restart()}s. */
    public synchronized int port() {
        return port;
    }

    /** Connections accepted so far. */
    public int accepted() {
        return accepted.get();
    }

    private synchronized void bind(int requested) throws IOException {
        ServerSocket socket = new ServerSocket();
        socket.setReuseAddress(true);
        // Accepted sockets inherit it; set before bind so that the window the sender sees is small from the start.
        socket.setReceiveBufferSize(RECEIVE_BUFFER_BYTES);
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), requested), 50);
        server = socket;
        port = socket.getLocalPort();
        daemon("listener-" + port + "-accept", () -> accept(socket));
    }

    private void accept(ServerSocket socket) {
        while (!socket.isClosed()) {
            Socket connection;
            try {
                connection = socket.accept();
            } catch (IOException closed) {
                return;
            }
            if (!keep(socket, connection)) {
                return;
            }
            daemon("listener-" + port + "-read-" + accepted.get(), () -> read(connection));
        }
    }

    /**
     * Registers a connection, unless {@link #stop()} closed its server meanwhile (it was accepted from the backlog as the
     * server closed): then it is reset too, as stop() resets the others.
     */
    private synchronized boolean keep(ServerSocket socket, Socket connection) {
        if (socket.isClosed()) {
            reset(connection);
            return false;
        }
        connections.add(connection);
        accepted.incrementAndGet();
        return true;
    }

    private static void reset(Socket connection) {
        try {
            connection.setSoLinger(true, 0);
            connection.close();
        } catch (IOException alreadyClosed) {
            // Closed by its reader or the sender: nothing left to reset.
        }
    }

    private void read(Socket connection) {
        try (Socket closing = connection) {
            awaitReading();
            WireFormat.EventReader reader = format.open(closing.getInputStream());
            while (true) {
                awaitReading();
                String event = reader.next();
                if (event == null) {
                    return;
                }
                events.accept(event);
            }
        } catch (IOException | InterruptedException ended) {
            // Reset by stop(), or closed by the sender: this connection is over.
        } finally {
            connections.remove(connection);
        }
    }

    private void awaitReading() throws InterruptedException {
        synchronized (readGate) {
            while (!reading) {
                readGate.wait();
            }
        }
    }

    /** Stops reading: open connections stay open and new ones are accepted, but nothing more is read from them. */
    public void stall() {
        synchronized (readGate) {
            reading = false;
        }
    }

    /** Reads again after {@link #stall()}. */
    public void resume() {
        synchronized (readGate) {
            reading = true;
            readGate.notifyAll();
        }
    }

    /** Goes down: closes the port (connecting is refused from now on) and resets every open connection. */
    public synchronized void stop() throws IOException {
        server.close();
        for (Socket connection : connections) {
            reset(connection);
        }
    }

    /** Comes back on the same port after {@link #stop()}. */
    public void restart() throws IOException {
        bind(port());
    }

    /** Stops for good, releasing a sender blocked on a stalled connection (its write fails). */
    @Override
    public void close() throws IOException {
        stop();
        resume();
    }

    private static void daemon(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
    }
}
