// What a test author imports: the hosts (StubServer, InProcessStubs, StubHost), the DSL and
// verification of this module, and the stub vocabulary named in Vocabulary.swift.
//
// The engine room (UnderstudyCore, UnderstudyJSON, UnderstudyServer) is imported per file and
// never re-exported: a test that needs it on purpose imports it itself.
