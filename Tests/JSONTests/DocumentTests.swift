import Foundation
import Testing

@testable import JSON

/// The flat document the reader builds: every accessor agrees with the tree built from the same
/// read, strings are decoded only when asked for, and the key rules hold on undecoded keys.
struct DocumentTests {
    /// Texts covering every kind of value, escapes, faults the reader repairs, and nesting.
    static let texts: [String] = [
        #"{"aps":{"alert":{"title":"Ahoj 😀","body":"a\"b\\c\n\u00e9"},"badge":3},"n":[1.5e3,null,true,false,-0]}"#,
        #"["", "\u0000", "x\ty", "\ud83d\ude00", "\ud800", "\q", [[[]]], {}]"#,
        "{\"bad\":\"\u{1}raw control\",\"ok\":\"Xin chào 🇻🇳\"}",
        #"{"a":1,"a":2,"\u0061":3}"#,
        "[NaN, 01, +1, tru, 1e400]",
        "\u{FEFF}{\"x\":[1,{\"y\":\"z\"}]}",
        "  42  ",
        "\"just a string\"",
    ]

    /// The repository's fuzz seeds for the reader.
    static var corpus: [[UInt8]] {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/corpus/json").standardized
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().compactMap {
            try? Array(Data(contentsOf: directory.appendingPathComponent($0)))
        }
    }

    /// Walks the document and the tree side by side.
    static func expectSame(_ document: JSONDocument, _ element: JSONDocument.Element, _ node: JSONNode) {
        #expect(document.span(element) == node.span)
        switch node.value {
        case .null:
            #expect(document.kind(element) == .null)
        case .bool(let flag):
            #expect(document.bool(element) == flag)
        case .number(let number):
            #expect(document.number(element) == number)
        case .string(let text):
            #expect(document.string(element) == text)
            #expect(document.isEmptyString(element) == text.isEmpty)
        case .array(let elements):
            let flat = document.elements(element)
            #expect(flat.count == elements.count)
            for (flatElement, child) in zip(flat, elements) { expectSame(document, flatElement, child) }
        case .object(let members):
            let flat = document.members(element)
            #expect(flat.map(\.key) == members.map(\.key))
            #expect(flat.map(\.keySpan) == members.map(\.keySpan))
            for (flatMember, member) in zip(flat, members) {
                expectSame(document, flatMember.value, member.value)
                let last = flat.last { $0.key.utf8.elementsEqual(member.key.utf8) }
                #expect(document.member(member.key, of: element) == last?.value)
            }
        }
        #expect(document.node(element) == node)
    }

    @Test(arguments: texts.map { Array($0.utf8) } + corpus)
    func documentAgreesWithTheTree(_ bytes: [UInt8]) throws {
        let document = JSONReader().readDocument(bytes)
        let result = JSONReader().read(bytes)
        #expect(document.diagnostics == result.diagnostics)
        #expect(document.bytes == bytes)
        #expect(document.isValid == result.isValid)
        #expect((document.root == nil) == (result.root == nil))
        if let root = document.root, let tree = result.root {
            Self.expectSame(document, root, tree)
        }
    }

    @Test func lastDuplicateWinsAndEscapedKeysMatch() throws {
        let document = JSONReader().readDocument(Array(#"{"aps":1,"\u0061ps":2}"#.utf8))
        #expect(document.diagnostics.map(\.code) == ["json.duplicate-key"])
        let root = try #require(document.root)
        #expect(document.member("aps", of: root).flatMap { document.number($0)?.literal } == "2")
        #expect(document.member("missing", of: root) == nil)
        #expect(document.string(root) == nil)
        #expect(document.members(try #require(document.member("aps", of: root))).isEmpty)
    }

    @Test(arguments: [4, 15, 16, 17, 40])
    func duplicatesAreFoundInLargeObjectsToo(_ size: Int) {
        var keys = (0..<size).map { "\"key\($0)\":\($0)" }
        keys.append(#""key\u0033":0"#)
        let result = JSONReader().read("{" + keys.joined(separator: ",") + "}")
        #expect(result.diagnostics.map(\.code) == ["json.duplicate-key"])
        #expect(result.diagnostics.first?.message.contains("\"key3\"") == true)
        #expect(result.root?.value.objectMembers?.count == size + 1)
    }

    @Test func structuralFaultsLeaveNoRoot() {
        for text in ["{\"a\":", "[1,2", "{\"a\" 1}", ""] {
            let document = JSONReader().readDocument(Array(text.utf8))
            #expect(document.root == nil)
            #expect(document.tree == nil)
            #expect(!document.isValid)
        }
    }
}
