@_exported import UnderstudyCore
