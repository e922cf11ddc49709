import Testing

@testable import NotificationPreview
