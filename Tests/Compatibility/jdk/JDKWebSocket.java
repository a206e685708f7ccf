// The JDK's own WebSocket client (java.net.http.WebSocket) against `understudy serve`: it opens
// /folder/echo (the stub Scripts/real-clients.sh puts in message-mappings/), sends a greeting and
// expects the stub's answer, then pings and expects the pong, then closes and expects the close.
//
//   java Tests/Compatibility/jdk/JDKWebSocket.java http://127.0.0.1:PORT
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

public class JDKWebSocket {
    public static void main(String[] args) throws Exception {
        String ws = args[0].replaceFirst("^http", "ws") + "/folder/echo";
        CompletableFuture<String> text = new CompletableFuture<>();
        CompletableFuture<String> pong = new CompletableFuture<>();
        CompletableFuture<Integer> closed = new CompletableFuture<>();
        WebSocket.Listener listener = new WebSocket.Listener() {
            StringBuilder parts = new StringBuilder();

            public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
                parts.append(data);
                if (last) text.complete(parts.toString());
                socket.request(1);
                return null;
            }

            public CompletionStage<?> onPong(WebSocket socket, ByteBuffer message) {
                byte[] bytes = new byte[message.remaining()];
                message.get(bytes);
                pong.complete(new String(bytes));
                socket.request(1);
                return null;
            }

            public CompletionStage<?> onClose(WebSocket socket, int statusCode, String reason) {
                closed.complete(statusCode);
                return null;
            }
        };
        WebSocket socket = HttpClient.newHttpClient().newWebSocketBuilder()
            .buildAsync(URI.create(ws), listener).get(10, TimeUnit.SECONDS);
        socket.sendText("hello from the JDK", true).get(10, TimeUnit.SECONDS);
        check("text answer", text.get(10, TimeUnit.SECONDS), "folder says hi");
        socket.sendPing(ByteBuffer.wrap("are you there".getBytes())).get(10, TimeUnit.SECONDS);
        check("pong", pong.get(10, TimeUnit.SECONDS), "are you there");
        socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").get(10, TimeUnit.SECONDS);
        check("close code", String.valueOf(closed.get(10, TimeUnit.SECONDS)), "1000");
        System.out.println("JDK WebSocket: every check passed");
    }

    static void check(String name, String got, String expected) {
        if (!got.equals(expected)) {
            System.out.println("FAIL " + name + ": expected '" + expected + "', got '" + got + "'");
            System.exit(1);
        }
        System.out.println("ok   JDK WebSocket " + name);
    }
}
