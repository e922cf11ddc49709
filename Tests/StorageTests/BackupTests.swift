import Concurrency
import Foundation
import Synchronization
import Testing

@testable import Storage

@Suite struct BackupTests {
    @Test func backupIsACompleteCheckedCopy() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(directory: directory.file("data"))
        let saved = try store.notifications.create(
            name: "Nová", headers: "{}", payload: "{\"aps\":{}}", by: "t")
        _ = try store.categories.put(CategoryDocument(identifier: "message", json: "{}"), by: "t")
        let target = directory.file("backup.sqlite3")
        try store.file!.backup(to: target)

        #expect(try Database.integrityCheck(ofFileAt: target) == "ok")
        let copy = try Store(path: target, mode: .readOnly)
        #expect(try copy.notifications.notification(id: saved.id) == saved)
        #expect(try copy.categories.registry() == (try store.categories.registry()))
        // One self-contained file: no -wal or leftover temporary next to it.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(leftovers == ["backup.sqlite3", "data"])
    }

    @Test func backupRefusesToOverwriteUnlessTold() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(directory: directory.file("data"))
        let target = directory.file("existing")
        try Data("precious".utf8).write(to: URL(fileURLWithPath: target))
        #expect(throws: StorageError.backupTargetExists(path: target)) {
            try store.file!.backup(to: target)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data("precious".utf8))
        try store.file!.backup(to: target, overwrite: true)
        #expect(try Database.integrityCheck(ofFileAt: target) == "ok")
    }

    @Test func backupIntoAMissingDirectoryFailsCleanly() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(directory: directory.file("data"))
        #expect(throws: StorageError.self) { try store.file!.backup(to: directory.file("no/such/dir/b")) }
    }

    /// Writers keep committing while the backup runs; the copy must be a sound snapshot holding
    /// every notification committed before the backup started, each with a whole revision history.
    @Test func backupWhileWritersRunIsConsistent() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(directory: directory.file("data"))
        let before = try (0..<50).map { index in
            try store.notifications.create(
                name: "before \(index)", headers: "{}", payload: String(repeating: "ž", count: 2000), by: "t")
        }
        let stop = Atomic<Bool>(false)
        let writes = Atomic<Int>(0)
        let failures = Locked<[String]>([])
        let target = directory.file("backup.sqlite3")
        runOnThreads(4) { thread in
            do {
                if thread == 0 {
                    while writes.load(ordering: .relaxed) < 20 { Thread.sleep(forTimeInterval: 0.001) }
                    try store.file!.backup(to: target)
                    stop.store(true, ordering: .relaxed)
                    return
                }
                var index = 0
                while !stop.load(ordering: .relaxed) || index < 30 {
                    let created = try store.notifications.create(
                        name: "during \(thread)-\(index)", headers: "{}", payload: "{\"i\":\(index)}", by: "t"
                    )
                    _ = try store.notifications.update(
                        id: created.id, expectedRevision: 1, name: "updated", headers: "{}", payload: "{}",
                        by: "t")
                    writes.add(1, ordering: .relaxed)
                    index += 1
                }
            } catch {
                stop.store(true, ordering: .relaxed)
                failures.withLock { $0.append("thread \(thread): \(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(try Database.integrityCheck(ofFileAt: target) == "ok")
        let copy = try Store(path: target, mode: .readOnly)
        for notification in before {
            #expect(try copy.notifications.notification(id: notification.id) == notification)
        }
        // A snapshot never holds half a write: every notification in it has all its revisions.
        for summary in try copy.notifications.list() {
            let revisions = try #require(try copy.notifications.revisions(id: summary.id))
            #expect(revisions.map(\.revision) == Array((1...summary.revision).reversed()))
        }
        #expect(try copy.notifications.list().count >= 50 + 20)
        #expect(try store.file!.integrityCheck() == "ok")
    }
}

@Suite struct CrashRecoveryTests {
    /// After a SIGKILL the files on disk are exactly what the process had written with write(2):
    /// copying them while the store is still open (and never closed) reproduces that state. Every
    /// write whose call returned must be there after WAL recovery, in a sound database.
    @Test func committedWritesSurviveAProcessThatNeverClosed() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(directory: directory.file("live"))
        var saved: [StoredNotification] = []
        for index in 0..<100 {
            saved.append(
                try store.notifications.create(
                    name: "n\(index)", headers: "{}", payload: "{\"i\":\(index)}", by: "t"))
        }
        _ = try store.categories.put(CategoryDocument(identifier: "message", json: "{}"), by: "t")
        let wal = directory.file("live/pushboard.sqlite3-wal")
        let walSize = (try FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
        #expect(walSize > 0, "the commits should still be in the WAL, not yet checkpointed")

        try FileManager.default.createDirectory(
            atPath: directory.file("after-kill"), withIntermediateDirectories: true)
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(
                atPath: directory.file("live/pushboard.sqlite3" + suffix),
                toPath: directory.file("after-kill/pushboard.sqlite3" + suffix))
        }
        let recovered = try Store(directory: directory.file("after-kill"))
        #expect(try recovered.file!.integrityCheck() == "ok")
        for notification in saved {
            #expect(try recovered.notifications.notification(id: notification.id) == notification)
        }
        #expect(try recovered.categories.registry().categories.map(\.identifier) == ["message"])
    }
}
