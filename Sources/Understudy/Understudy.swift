// What a test author imports: the stub model and codec (UnderstudyCore), JSON values for bodies
// and metadata (UnderstudyJSON), the server (UnderstudyServer), and this module's hosts, DSL and
// verification.
@_exported import UnderstudyCore
@_exported import UnderstudyJSON
@_exported import UnderstudyServer
