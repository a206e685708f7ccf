import Foundation
import NIOPosix
import UnderstudyServer

/// Which upstream addresses proxying may reach (`--allow-proxy-targets`,
/// `--deny-proxy-targets`, WireMock's names and syntax): each rule is an IP address
/// (`10.0.0.1`), an inclusive IPv4 range (`10.0.0.1-10.0.0.255`), or a host name pattern
/// where `*` stands for any run of characters (`*.internal.example.com`). A target is allowed
/// when the allow list is empty or one of its rules matches, and no deny rule matches; both
/// the host as written and every address it resolves to are checked, so a name cannot smuggle
/// a denied address past a rule on addresses.
public struct ProxyTargetRules: Sendable, Hashable {
    /// One rule, as parsed.
    enum Rule: Sendable, Hashable {
        case address(String)
        case range(UInt32, UInt32)
        case hostPattern(String)
    }

    var allowed: [Rule]
    var denied: [Rule]

    /// No rules: every target is allowed.
    public init() {
        allowed = []
        denied = []
    }

    /// Rules from WireMock's comma-separated lists.
    /// - Throws: ``ProxyTargetRuleError`` for a range whose ends are not IPv4 addresses.
    public init(allow: [String], deny: [String]) throws(ProxyTargetRuleError) {
        allowed = try Self.parse(allow)
        denied = try Self.parse(deny)
    }

    /// True when there are no rules to check.
    public var allowsEverything: Bool { allowed.isEmpty && denied.isEmpty }

    /// Whether `host` (a name or an address) and every address in `resolved` pass the rules.
    public func allows(host: String, resolved: [String]) -> Bool {
        let candidates = [Self.bare(host)] + resolved
        if !allowed.isEmpty, !candidates.contains(where: { candidate in allowed.contains { $0.matches(candidate) } }) {
            return false
        }
        return !candidates.contains { candidate in denied.contains { $0.matches(candidate) } }
    }

    /// Resolves `host` off the caller's thread (NIO's blocking pool), then checks the rules.
    /// - Throws: ``ProxyFailure/badGateway(_:)`` naming the rule's verdict.
    func check(host: String) async throws {
        guard !allowsEverything else { return }
        let name = Self.bare(host)
        let resolved = try await NIOThreadPool.singleton.runIfActive { Self.resolve(name) }
        guard allows(host: host, resolved: resolved) else {
            throw ProxyFailure.badGateway(
                "\(host) is not a permitted proxy target (--allow-proxy-targets / --deny-proxy-targets)")
        }
    }

    private static func parse(_ lists: [String]) throws(ProxyTargetRuleError) -> [Rule] {
        var rules: [Rule] = []
        for entry in lists.flatMap({ $0.split(separator: ",") }) {
            let text = entry.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            let ends = text.split(separator: "-", maxSplits: 1).map(String.init)
            if ends.count == 2, ipv4(ends[0]) != nil || ipv4(ends[1]) != nil {
                guard let low = ipv4(ends[0]), let high = ipv4(ends[1]), low <= high else {
                    throw ProxyTargetRuleError(rule: text)
                }
                rules.append(.range(low, high))
            } else if text.contains("*") {
                rules.append(.hostPattern(text.lowercased()))
            } else {
                rules.append(.address(bare(text).lowercased()))
            }
        }
        return rules
    }

    /// `[::1]` → `::1`: addresses compare without a URL's brackets.
    static func bare(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    static func ipv4(_ text: String) -> UInt32? {
        var address = in_addr()
        guard inet_pton(AF_INET, text, &address) == 1 else { return nil }
        return UInt32(bigEndian: address.s_addr)
    }

    /// Every address `host` resolves to, as text; none when it does not resolve (AsyncHTTPClient
    /// then reports that).
    static func resolve(_ host: String) -> [String] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [String] = []
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let entry = next {
            var name = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(
                entry.pointee.ai_addr, entry.pointee.ai_addrlen, &name, socklen_t(name.count), nil, 0,
                NI_NUMERICHOST) == 0
            {
                let end = name.firstIndex(of: 0) ?? name.endIndex
                addresses.append(String(decoding: name[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
            next = entry.pointee.ai_next
        }
        return addresses
    }
}

extension ProxyTargetRules.Rule {
    func matches(_ candidate: String) -> Bool {
        switch self {
        case .address(let address):
            return candidate.lowercased() == address
        case .range(let low, let high):
            guard let value = ProxyTargetRules.ipv4(candidate) else { return false }
            return (low...high).contains(value)
        case .hostPattern(let pattern):
            return Self.wildcard(pattern[...], matches: candidate.lowercased()[...])
        }
    }

    /// `*` as any run of characters; everything else literally.
    private static func wildcard(_ pattern: Substring, matches text: Substring) -> Bool {
        guard let star = pattern.firstIndex(of: "*") else { return pattern == text }
        let prefix = pattern[..<star]
        guard text.hasPrefix(prefix) else { return false }
        let rest = pattern[pattern.index(after: star)...]
        var tail = text.dropFirst(prefix.count)
        while true {
            if wildcard(rest, matches: tail) { return true }
            guard !tail.isEmpty else { return false }
            tail = tail.dropFirst()
        }
    }
}

/// A `--allow-proxy-targets` or `--deny-proxy-targets` entry that cannot be read.
public struct ProxyTargetRuleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The entry as given.
    public var rule: String

    public var description: String {
        "'\(rule)' is not a proxy target rule: give an IP address, a range of two IPv4 addresses (10.0.0.1-10.0.0.255) or a host name pattern (*.example.com)"
    }
}
