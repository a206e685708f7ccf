import Foundation
import NIOCore
import NIOHTTP1
import UnderstudyCore

extension StubConnectionHandler {
    /// WireMock's `chunkedDribbleDelay`: the body in `numberOfChunks` pieces, each sent after
    /// `totalDuration / numberOfChunks` ms (the first one too), chunked unless the stub set a length.
    func dribbleResponse(
        _ rendered: ResponseHeadBuilder.Result, body: Data, dribble: ChunkedDribbleDelay, method: HTTPMethod,
        context: ChannelHandlerContext, completed: @escaping @Sendable () -> Void
    ) {
        guard !body.isEmpty else {
            writeResponse(rendered, body: Data(), method: method, context: context) { _ in completed() }
            return
        }
        sendTimed(.dribble(body, dribble), head: rendered, method: method, context: context) { _ in completed() }
    }
}
