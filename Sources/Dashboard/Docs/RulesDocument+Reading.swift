import Concurrency

extension RulesDocument {
    /// The document last read, with the bytes it was read from. Every dashboard of a process
    /// reads the same file (the embedded copy, or a folder's at start), and the test suites build
    /// hundreds of dashboards: the Markdown is read once, not once per dashboard.
    private static let lastRead = Locked<(bytes: [UInt8], document: RulesDocument)?>(nil)

    /// `bytes` read as Markdown, or the document already read from the same bytes.
    static func reading(_ bytes: [UInt8]) -> RulesDocument {
        if let last = lastRead.withLock({ $0 }), last.bytes == bytes { return last.document }
        let document = RulesDocument(markdown: String(decoding: bytes, as: UTF8.self))
        lastRead.withLock { $0 = (bytes, document) }
        return document
    }
}
