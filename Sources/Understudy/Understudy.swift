// What a test author imports: the stub model and codec (UnderstudyCore), the server
// (UnderstudyServer), and this module's hosts, DSL and verification.
@_exported import UnderstudyCore
@_exported import UnderstudyServer
