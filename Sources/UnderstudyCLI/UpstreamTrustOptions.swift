import ArgumentParser
import UnderstudyRecording

/// Trust for HTTPS upstreams of proxy stubs and recordings, beyond the system's roots.
struct UpstreamTrustOptions: ParsableArguments {
    @Option(
        name: .long,
        help: "Trust upstream certificates signed by this private CA (PEM; repeatable), besides the system's.")
    var proxyCa: [String] = []

    @Option(
        name: .long,
        help: """
            Accept this upstream host's certificate whatever signed it, as WireMock's option of the same name \\
            (repeatable; only the hosts named, never every upstream).
            """)
    var trustProxyTarget: [String] = []

    func trust() throws -> UpstreamTrust {
        let trust = UpstreamTrust(certificateAuthorityFiles: proxyCa, trustedHosts: Set(trustProxyTarget))
        do {
            try trust.validate()
        } catch {
            throw ValidationError(error.description)
        }
        return trust
    }
}
