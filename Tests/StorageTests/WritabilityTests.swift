import Foundation
import Testing

@testable import Storage

/// Issue 23, item 7: a database refused writes recovers without a restart once the cause is
/// fixed, and `/readyz`'s checks probe writability for real and name no path.
@Suite struct WritabilityTests {
    let directory: TemporaryDirectory
    let store: Store

    init() throws {
        directory = try TemporaryDirectory()
        store = try Store(directory: directory.path)
    }

    private func create(_ name: String) throws -> StoredNotification {
        try store.notifications.create(name: name, headers: "{}", payload: "{}", by: "t")
    }

    @Test func aConnectionThatWasRefusedAWriteIsReplacedSoTheNextWriteSucceeds() throws {
        // The pool's connection can no longer write, as one whose file system went read-only
        // under it (SQLite then keeps answering SQLITE_READONLY on it).
        try store.file!.withConnection { try $0.execute("PRAGMA query_only = 1") }
        #expect {
            _ = try create("refused")
        } throws: { ($0 as? StorageError)?.isReadOnly == true }
        // No restart: the refused connection was closed, the next write opens a fresh one.
        #expect(try create("after").revision == 1)
        #expect(try store.notifications.count() == 1)
    }

    @Test func theProbeFindsAConnectionStuckReadOnlyAndTheNextWriteSucceeds() throws {
        try store.file!.withConnection { try $0.execute("PRAGMA query_only = 1") }
        let writable = try #require(
            store.file!.readiness(quickCheck: false).checks.first { $0.name == "writable" })
        #expect(!writable.passed && writable.message.contains("readonly"))
        #expect(try create("after").revision == 1)
        // The write is fresher evidence than the cached probe.
        #expect(store.file!.readiness(quickCheck: false).isReady)
    }

    @Test func theProbeSaysWritableAndNamesNoPath() throws {
        let readiness = store.file!.readiness(quickCheck: true)
        #expect(readiness.isReady)
        #expect(readiness.checks.map(\.name) == ["files", "writable", "integrity"])
        #expect(!readiness.checks.contains { $0.message.contains(directory.path) })
    }

    @Test func aForeignWriteLockIsWritableButBusyAndNeverWaitedFor() throws {
        let foreign = try Connection(path: store.file!.path, readOnly: false)
        try foreign.execute("BEGIN IMMEDIATE")
        defer { try? foreign.execute("ROLLBACK") }
        let writable = try #require(
            store.file!.readiness(quickCheck: false).checks.first { $0.name == "writable" })
        #expect(writable.passed)
        #expect(writable.message.contains("holds the write lock"))
    }

    @Test func aFullDiskIsNotWritable() throws {
        let full = try #require(Database.spaceCheck(freeBytes: 4096))
        #expect(!full.passed && full.name == "writable" && full.message.contains("full"))
        #expect(Database.spaceCheck(freeBytes: Database.minimumFreeBytes) == nil)
        #expect(Database.spaceCheck(freeBytes: nil) == nil)
    }

    @Test func aRemovedDirectoryIsReportedWithoutItsPath() throws {
        try FileManager.default.removeItem(atPath: directory.path)
        let readiness = store.file!.readiness(quickCheck: false)
        #expect(!readiness.isReady)
        #expect(!readiness.checks.contains { $0.message.contains(directory.path) })
    }
}
