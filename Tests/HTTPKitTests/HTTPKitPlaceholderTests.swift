import Testing

@testable import HTTPKit
