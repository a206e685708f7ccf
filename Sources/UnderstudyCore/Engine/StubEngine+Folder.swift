extension StubEngine {
    /// Serves a folder's stubs and message stubs in place of the engine's own: every stub goes,
    /// scenarios start again, and the journals are emptied when asked. The one way a folder
    /// becomes what an engine serves, at start and on every kind of reset.
    /// - Parameter contents: nil for a host without a folder: it then serves no stubs.
    /// - Throws: a stub the store refused; the stubs before it are served.
    package func serve(_ contents: StubFolderContents?, clearingJournals: Bool) throws(MappingError) {
        store.removeAll()
        messages.stubs.reset()
        if clearingJournals {
            journal.reset()
            messages.journal.reset()
        }
        guard let contents else { return }
        for stub in contents.messages.stubs { messages.stubs.add(stub) }
        try store.addInOrder(contents.stubs.stubs)
    }
}
