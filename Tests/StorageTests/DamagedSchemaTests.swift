import Foundation
import Testing

@testable import Storage

/// Issue 23 item 12: `--allow-damaged` is suggested only when it would serve the file.
struct DamagedSchemaTests {
    @Test func aFileWhoseSchemaDoesNotReadIsRefusedWithoutSuggestingAllowDamaged() throws {
        let directory = try TemporaryDirectory()
        let data = directory.file("data")
        do { _ = try Store(directory: data) }
        let handle = try #require(FileHandle(forUpdatingAtPath: data + "/" + Store.fileName))
        // The schema table's page (the first), after the 100-byte file header.
        try handle.seek(toOffset: 100)
        handle.write(Data(repeating: 0xA5, count: 4096 - 100))
        try handle.close()
        for allowDamaged in [false, true] {
            #expect {
                _ = try Store.openForServing(
                    directory: data, waitingWriterLimit: 4, allowDamaged: allowDamaged)
            } throws: { error in
                guard case .damaged(_, _, servable: false) = error as? StorageError else { return false }
                let message = "\(error)"
                return message.contains("pushboard backup")
                    && !message.contains("or start with --allow-damaged")
                    && message.contains("even --allow-damaged cannot serve it")
            }
        }
    }
}
