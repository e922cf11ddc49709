import Testing

@testable import NotificationKit
