@_exported import Understudy
