import Foundation
import Testing

@testable import MHDServer

/// The systemd notification datagram reaches a socket named by a path or an abstract name.
@Suite struct ServiceNotifierTests {
    @Test(arguments: [true, false])
    func readyReachesTheNotifySocket(abstract: Bool) throws {
        let name = "pushboard-notify-\(UUID().uuidString.prefix(8))"
        let path = abstract ? "@" + name : NSTemporaryDirectory() + name
        let receiver = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        #expect(receiver >= 0)
        defer {
            close(receiver)
            if !abstract { unlink(path) }
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        if abstract { bytes[0] = 0 }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(2 + bytes.count + (abstract ? 0 : 1))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(receiver, $0, length) }
        }
        #expect(bound == 0)
        let notifier = ServiceNotifier(environment: ["NOTIFY_SOCKET": path])
        #expect(notifier.notify("READY=1"))
        var buffer = [UInt8](repeating: 0, count: 64)
        let received = recv(receiver, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        #expect(received == 7)
        #expect(String(decoding: buffer.prefix(max(received, 0)), as: UTF8.self) == "READY=1")
    }

    @Test func withoutNotifySocketNothingIsSent() {
        #expect(ServiceNotifier(environment: [:]).socketPath == nil)
        #expect(!ServiceNotifier(environment: ["NOTIFY_SOCKET": "relative"]).notify("READY=1"))
    }
}
