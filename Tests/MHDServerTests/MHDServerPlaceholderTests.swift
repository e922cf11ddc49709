import Testing

@testable import MHDServer
