import java.net.InetSocketAddress;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The JDK's HttpClient through `understudy serve --proxy-mode`, as an app configures it: a
 * ProxySelector naming the proxy, and the proxy's CA in a trust store made by keytool. Prints
 * each URL's status, protocol and body, one line each. Run as a source file (Java 11+):
 *
 *   java -Djavax.net.ssl.trustStore=trust.p12 -Djavax.net.ssl.trustStorePassword=changeit \
 *        -Djdk.internal.httpclient.disableHostnameVerification=false \
 *        JDKProxy.java PROXY_HOST PROXY_PORT URL...
 */
public class JDKProxy {
    public static void main(String[] args) throws Exception {
        HttpClient client = HttpClient.newBuilder()
                .proxy(ProxySelector.of(new InetSocketAddress(args[0], Integer.parseInt(args[1]))))
                .connectTimeout(Duration.ofSeconds(10))
                .build();
        for (int i = 2; i < args.length; i++) {
            HttpRequest request = HttpRequest.newBuilder(URI.create(args[i])).timeout(Duration.ofSeconds(10)).build();
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            System.out.println(response.statusCode() + " " + response.version() + " " + response.body().trim());
        }
    }
}
