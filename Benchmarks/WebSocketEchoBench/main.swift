import Foundation
import NIOCore
import UnderstudyCore
import UnderstudyServer

// WebSocket echo messages per second: Understudy (a message stub sending each message back,
// templated with {{message.body}}, and one with a fixed reply) side by side with a bare SwiftNIO
// WebSocket echo server, measured in turn on loopback with the same client.
// Usage: swift run -c release WebSocketEchoBench [seconds] [connections] [window]
// Target (issue 14): Understudy's echo ≥ 0.7× the bare server.

let arguments = CommandLine.arguments.dropFirst().compactMap(Double.init)
let seconds = arguments.first ?? 5
let connections = arguments.count > 1 ? Int(arguments[1]) : 8
let window = arguments.count > 2 ? Int(arguments[2]) : 16
let size = 32

let bare = try await BareEchoServer.start()
let engine = StubEngine()
engine.messages.stubs.add(
    try MessageStubMapping(
        jsonText:
            #"{"trigger":{"type":"message","channel":{"type":"websocket","initiatingRequestPattern":{"urlPath":"/echo"}}},"actions":[{"type":"send","transformers":["response-template"],"message":{"body":{"data":"{{message.body}}"}}}]}"#
    ))
engine.messages.stubs.add(
    try MessageStubMapping(
        jsonText:
            #"{"trigger":{"type":"message","channel":{"type":"websocket","initiatingRequestPattern":{"urlPath":"/fixed"}}},"actions":[{"type":"send","message":{"body":{"data":"\#(String(repeating: "b", count: size))"}}}]}"#
    ))
var configuration = StubServerConfiguration()
configuration.logger.logLevel = .error
let understudy = try await StubHTTPServer.start(engine: engine, configuration: configuration)

print("WebSocket echo, \(size)-byte text messages, \(connections) connections × \(window) in flight, \(seconds) s each")
var results: [(String, Double)] = []
for (name, port, path) in [
    ("bare SwiftNIO echo", bare.port, "/"), ("understudy, templated echo", understudy.port, "/echo"),
    ("understudy, fixed reply", understudy.port, "/fixed")
] {
    let rate = try await EchoLoad.run(
        port: port, path: path, connections: connections, window: window, size: size, seconds: seconds)
    results.append((name, rate))
    // The journal would grow with every message; each case starts from an empty one.
    engine.messages.journal.reset()
}
let baseline = results[0].1
for (name, rate) in results {
    print(
        name.padding(toLength: 30, withPad: " ", startingAt: 0)
            + String(format: "%10.0f msg/s  %.2f×", rate, baseline > 0 ? rate / baseline : 0))
}
try await understudy.stop()
try await bare.channel.close().get()
