import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import javax.net.ssl.SSLHandshakeException;

/**
 * The JDK's own HTTP client against `understudy serve`: stubs through the admin API, then a
 * keep-alive conversation, with a method token the JDK's client sends as it is. Run as a source
 * file (Java 11+):
 *
 *   java [-Djavax.net.ssl.trustStore=trust.p12 -Djavax.net.ssl.trustStorePassword=changeit] \
 *        JDKConversation.java http(s)://127.0.0.1:PORT [HTTP_1_1|HTTP_2|default|untrusted] [EXPECTED_VERSION]
 *
 * With default settings over http:// the client asks for an h2c upgrade on its first request
 * (issue 13: the second request used to hang); over https:// it offers h2 by ALPN. EXPECTED_VERSION
 * (HTTP_1_1 or HTTP_2) is the protocol the last answer must have come over. "untrusted" expects the
 * handshake to fail (run it without the trust store). Each request has a time-out, so a hung
 * connection fails the check instead of hanging it.
 */
public class JDKConversation {
    private static final int REQUESTS = 50;

    public static void main(String[] args) throws Exception {
        String base = args[0];
        String mode = args.length > 1 ? args[1] : "default";
        String expectedVersion = args.length > 2 ? args[2] : null;
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

        String path = "/jdk-" + URI.create(base).getScheme() + "-" + mode.toLowerCase();
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
        if (expectedVersion != null && !version.name().equals(expectedVersion)) {
            fail("the conversation spoke " + version + ", expected " + expectedVersion);
        }

        // Any RFC 9110 token is a method, and matches a stub's "method" exactly (WireMock does the same).
        String kill = "{\"request\":{\"method\":\"KILL\",\"url\":\"" + path + "\"},"
            + "\"response\":{\"status\":202,\"body\":\"killed\"}}";
        HttpResponse<String> stubbed = client.send(HttpRequest.newBuilder(URI.create(base + "/__admin/mappings"))
            .timeout(Duration.ofSeconds(10)).POST(HttpRequest.BodyPublishers.ofString(kill)).build(),
            HttpResponse.BodyHandlers.ofString());
        if (stubbed.statusCode() != 201) fail("admin POST answered " + stubbed.statusCode());
        HttpResponse<String> killed = client.send(HttpRequest.newBuilder(URI.create(base + path))
            .timeout(Duration.ofSeconds(10)).method("KILL", HttpRequest.BodyPublishers.noBody()).build(),
            HttpResponse.BodyHandlers.ofString());
        if (killed.statusCode() != 202 || !killed.body().equals("killed")) {
            fail("KILL answered " + killed.statusCode() + ": " + killed.body());
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
