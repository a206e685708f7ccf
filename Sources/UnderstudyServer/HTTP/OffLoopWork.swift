import NIOPosix

/// Where a connection runs the work that must not run on its event loop: admin calls (which may
/// write mapping files), body files, templates, bodies too big to match on the loop, and the
/// near-miss search for a miss. The work may block; its answer comes back through the loop.
///
/// The server's is ``ThreadPoolOffLoop``, a thread pool made for blocking work, which keeps disk
/// reads and writes off Swift's cooperative pool. Tests inject ``InPlaceOffLoop`` so a connection
/// on an `EmbeddedChannel` covers every path, not only those answered on the loop.
protocol OffLoopWork: Sendable {
    func submit(_ work: @escaping @Sendable () -> Void)
}

/// Runs off-loop work on a `NIOThreadPool` (by default the process's shared one).
struct ThreadPoolOffLoop: OffLoopWork {
    let pool: NIOThreadPool

    init(pool: NIOThreadPool = .singleton) {
        self.pool = pool
    }

    func submit(_ work: @escaping @Sendable () -> Void) {
        pool.submit { state in
            // A pool that has shut down has no thread to run on; the connection is gone with it.
            guard case .active = state else { return }
            work()
        }
    }
}

/// Runs off-loop work at once, on the caller's thread: for a connection on an `EmbeddedChannel`,
/// whose answers then arrive on the embedded loop's next `run()`.
struct InPlaceOffLoop: OffLoopWork {
    func submit(_ work: @escaping @Sendable () -> Void) {
        work()
    }
}
