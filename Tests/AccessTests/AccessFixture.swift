import Access
import Foundation
import Storage

/// A fresh data directory with its access rules, removed when the value goes away.
final class AccessFixture: Sendable {
    let directory: String
    let store: Store
    let access: AccessControl

    init(sessions: SessionPolicy = SessionPolicy(), throttle: LoginThrottle.Policy = LoginThrottle.Policy())
        throws
    {
        directory = (NSTemporaryDirectory() as NSString).appendingPathComponent(
            "pushboard-access-tests-\(UUID().uuidString)")
        store = try Store(directory: directory)
        access = AccessControl(store: store.access, sessions: sessions, throttle: throttle)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }
}
