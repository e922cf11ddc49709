import Testing

@testable import JSON

/// Reading many documents in one set of reused buffers (`validate --jsonl`) gives exactly what
/// a fresh read gives, in any order of long and short, valid and broken texts, and never
/// changes a document that is still alive when the next one is read.
struct ReadBuffersTests {
    /// Short, long, broken (structurally and not) and escaped texts, mixed.
    static let texts: [String] =
        DocumentTests.texts + [
            #"{"a":1}"#,
            #"{"aps":{"alert":{"title":"Xin chào","body":""#
                + String(repeating: "Příliš žluťoučký kůň ", count: 200)
                + #""},"badge":1},"data":{"items":[1,2,3]}}"#,
            "[1,",
            #"{"x":"\ud800","x":2}"#,
            #"{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k3":0}"#,
            "",
            String(repeating: "[", count: 600),
            #"{"ok":true}"#,
        ]

    /// A reader with a few ready-made key names, as the validator's.
    static let reader = JSONReader(knownKeys: JSONKeyTable(["aps", "alert", "title", "body", "x", "k3"]))

    /// Every order the tests try: as listed, reversed, and each text between two others.
    static var sequences: [[[UInt8]]] {
        let all = (texts.map { Array($0.utf8) } + DocumentTests.corpus)
        var interleaved: [[UInt8]] = []
        for (index, text) in all.enumerated() {
            interleaved.append(text)
            interleaved.append(all[(index * 7 + 3) % all.count])
        }
        return [all, all.reversed(), interleaved]
    }

    /// What a document holds, to compare two reads of one text.
    static func expectSame(_ reused: JSONDocument, _ fresh: JSONDocument) {
        #expect(reused.bytes == fresh.bytes)
        #expect(reused.diagnostics == fresh.diagnostics)
        #expect(reused.isValid == fresh.isValid)
        #expect(reused.tree == fresh.tree)
        if let root = reused.root {
            #expect(reused.members(root).map(\.key) == fresh.members(root).map(\.key))
        }
    }

    @Test(arguments: 0..<3)
    func reusedBuffersReadLikeFreshOnes(_ sequence: Int) {
        var buffers = JSONReadBuffers()
        for text in Self.sequences[sequence] {
            let reused = text.withUnsafeBufferPointer {
                Self.reader.readDocument($0, reusing: &buffers)
            }
            Self.expectSame(reused, Self.reader.readDocument(text))
        }
    }

    /// Documents kept while later ones are read in the same buffers stay as they were read.
    @Test func keptDocumentsDoNotChange() {
        var buffers = JSONReadBuffers()
        let texts = Self.sequences[2]
        var kept: [JSONDocument] = []
        for text in texts {
            kept.append(text.withUnsafeBufferPointer { Self.reader.readDocument($0, reusing: &buffers) })
        }
        for (document, text) in zip(kept, texts) {
            Self.expectSame(document, Self.reader.readDocument(text))
        }
    }

    /// A member looked up by name in place agrees with the decoded members, escapes included.
    @Test func membersAreFoundByTheirDecodedBytes() throws {
        let document = JSONReader().readDocument(
            Array(#"{"aps":1,"\u0061ps":2,"é":3,"e\u0301":4,"":5}"#.utf8))
        let root = try #require(document.root)
        let view = try #require(document.rootView)
        guard case .object(let members) = view.value else {
            Issue.record("the root is an object")
            return
        }
        #expect(members.count == 5)
        #expect(members.map(\.key) == document.members(root).map(\.key))
        for (name, literal) in [("aps", "2"), ("é", "3"), ("e\u{301}", "4"), ("", "5")] {
            #expect(members.last(named: name)?.value.value.numberValue?.literal == literal)
            #expect(view[name]?.value.numberValue?.literal == literal)
            #expect(document.member(name, of: root).flatMap { document.number($0)?.literal } == literal)
        }
        #expect(members.last(named: "ap") == nil)
        #expect(!members.contains(named: "apsx"))
    }
}
