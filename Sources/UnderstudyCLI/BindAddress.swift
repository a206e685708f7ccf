/// Which bind addresses keep the server on this machine.
enum BindAddress {
    static func isLoopback(_ address: String) -> Bool {
        address == "localhost" || address == "::1" || address.hasPrefix("127.")
    }
}
