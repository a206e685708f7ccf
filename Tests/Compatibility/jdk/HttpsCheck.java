import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import javax.net.ssl.SSLHandshakeException;

/**
 * The JDK's own HTTP client against `understudy serve` over HTTPS: stubs through the admin API,
 * then a keep-alive conversation. Run as a source file (Java 11+):
 *
 *   java -Djavax.net.ssl.trustStore=trust.p12 -Djavax.net.ssl.trustStorePassword=changeit \
 *        HttpsCheck.java https://127.0.0.1:PORT [HTTP_1_1|HTTP_2|default|untrusted]
 *
 * "untrusted" expects the handshake to fail (run it without the trust store). Each request has a
 * time-out, so a hung connection fails the check instead of hanging it.
 */
public class HttpsCheck {
    private static final int REQUESTS = 50;

    public static void main(String[] args) throws Exception {
        String base = args[0];
        String mode = args.length > 1 ? args[1] : "default";
        HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10));
        if (mode.equals("HTTP_1_1")) builder.version(HttpClient.Version.HTTP_1_1);
        if (mode.equals("HTTP_2")) builder.version(HttpClient.Version.HTTP_2);
        HttpClient client = builder.build();

        if (mode.equals("untrusted")) {
            try {
                client.send(get(base + "/__admin/mappings"), HttpResponse.BodyHandlers.ofString());
            } catch (SSLHandshakeException expected) {
                System.out.println("JDK HttpClient without the CA: refused (" + expected.getMessage() + ")");
                return;
            }
            fail("a client without the CA in its trust store got an answer");
        }

        String path = "/jdk-" + mode.toLowerCase();
        String mapping = "{\"request\":{\"method\":\"GET\",\"url\":\"" + path + "\"},"
            + "\"response\":{\"status\":200,\"body\":\"hello jdk\"}}";
        HttpRequest create = HttpRequest.newBuilder(URI.create(base + "/__admin/mappings"))
            .timeout(Duration.ofSeconds(10))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(mapping))
            .build();
        HttpResponse<String> created = client.send(create, HttpResponse.BodyHandlers.ofString());
        if (created.statusCode() != 201) fail("admin POST answered " + created.statusCode() + ": " + created.body());

        HttpClient.Version version = null;
        for (int i = 0; i < REQUESTS; i++) {
            HttpResponse<String> response = client.send(get(base + path), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200 || !response.body().equals("hello jdk")) {
                fail("request " + i + " answered " + response.statusCode() + ": " + response.body());
            }
            version = response.version();
        }
        System.out.println("JDK HttpClient (" + mode + ", spoke " + version + "): " + REQUESTS + " requests to "
            + base + path + " answered");
    }

    private static HttpRequest get(String url) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).GET().build();
    }

    private static void fail(String message) {
        System.err.println("FAIL: " + message);
        System.exit(1);
    }
}
