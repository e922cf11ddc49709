import Testing

@testable import JSON

/// The walk by position (`memberElements`, `withKeyBytes`) that the validator uses instead of
/// member views, the duplicate-key shortcut of the reader, and `String(joining:)`.
struct DocumentPositionTests {
    /// Objects with plain, escaped, duplicate, empty and non-ASCII names, and a non-object.
    static let texts: [String] = [
        #"{"aps":{"alert":"x","b\u0061dge":1},"":0,"é":[1],"\u00e9":2,"a":1,"a":3}"#,
        #"{"k\"q":{"\ud83d\ude00":null},"x":{"y":{"z":true}}}"#,
        "[1,2,3]",
        "{}",
    ]

    /// Every object of a document, walked by position, gives the members a view walk gives:
    /// the same names (decoded), the same key spans and the same value spans, in order.
    @Test(arguments: texts)
    func positionsMatchMemberViews(_ text: String) throws {
        let document = JSONReader().readDocument(Array(text.utf8))
        let root = try #require(document.root)
        var objects = [root]
        var checked = 0
        while let object = objects.popLast() {
            let positions = Array(document.memberElements(object))
            guard case .object(let members) = document.view(object).value else {
                #expect(positions.isEmpty)
                continue
            }
            let views = Array(members)
            #expect(positions.count == views.count)
            for (position, view) in zip(positions, views) {
                #expect(document.name(ofKey: position.key) == view.key)
                #expect(document.span(position.key) == view.keySpan)
                #expect(document.span(position.value) == view.value.span)
                #expect(document.withKeyBytes(position.key) { Array($0) } == Array(view.key.utf8))
                let made = document.viewMember(key: position.key, value: position.value)
                #expect(made.key == view.key && made.keySpan == view.keySpan)
                if document.kind(position.value) == .object { objects.append(position.value) }
                checked += 1
            }
        }
        #expect(checked == text.filter { $0 == ":" }.count)
    }

    /// Escaped names are handed out decoded, so `"b\u0061dge"` is `badge` byte for byte.
    @Test func escapedNamesAreDecoded() throws {
        let document = JSONReader().readDocument(Array(#"{"b\u0061dge":1,"\u00e9":2}"#.utf8))
        let root = try #require(document.root)
        let names = document.memberElements(root).map { document.withKeyBytes($0.key) { Array($0) } }
        #expect(names == [Array("badge".utf8), Array("é".utf8)])
    }

    /// Duplicate keys are found whatever their spelling, and keys that merely share a length and
    /// a first byte (the reader's shortcut looks at those) are not duplicates.
    @Test(arguments: [
        (#"{"a":1,"\u0061":2}"#, true),
        (#"{"ab":1,"ac":2,"ad":3}"#, false),
        (#"{"ab":1,"ac":2,"ab":3}"#, true),
        (#"{"\u0061b":1,"ab":2}"#, true),
        (#"{"":1,"":2}"#, true),
        (#"{"":1,"a":2}"#, false),
        (#"{"x":{"a":1},"y":{"a":1}}"#, false),
    ])
    func duplicatesAreFoundWhateverTheSpelling(_ text: String, _ duplicate: Bool) {
        let result = JSONReader().read(text)
        #expect(result.diagnostics.contains { $0.code == "json.duplicate-key" } == duplicate)
    }

    /// In an object of many keys (every signature bit taken, then the hash index), a repeated key
    /// is still reported exactly once, at its second place.
    @Test(arguments: [10, 40, 200])
    func duplicatesInLargeObjectsAreFound(_ count: Int) {
        var members = (0..<count).map { #""key\#($0)":\#($0)"# }
        members.append(#""key\#(count / 2)":0"#)
        let result = JSONReader().read("{" + members.joined(separator: ",") + "}")
        let duplicates = result.diagnostics.filter { $0.code == "json.duplicate-key" }
        #expect(duplicates.count == 1)
    }

    /// Earlier keys are found in the node buffer, stepping over each value's subtree: after
    /// nested values, in nested objects and in large (indexed) objects, every repeat is reported,
    /// each naming the first place of its key (line 1, at these columns).
    static let repeats: [(text: String, firstColumns: [Int])] = [
        (#"{"a":{"x":[1,{"y":2}]},"b":[[],{}],"a":2,"a":3}"#, [2, 2]),
        (#"{"o":{"k":[[]],"k":{}},"k":1}"#, [7]),
        (#"{"o":{"k":1},"p":{"k":{"k":1},"q":2,"k":3}}"#, [19]),
        (Self.largeObjectWithRepeats, [47, 305]),
    ]

    /// Twenty members with nested values (so the hash index is built), then `k3` and `k19` again.
    static var largeObjectWithRepeats: String {
        let members = (0..<20).map { #""k\#($0)":{"v":[\#($0)]}"# }
        return "{" + members.joined(separator: ",") + #","k3":0,"k19":[]}"#
    }

    @Test(arguments: 0..<4)
    func duplicatesNameTheirFirstPlace(_ index: Int) {
        let (text, columns) = Self.repeats[index]
        let duplicates = JSONReader().read(text).diagnostics.filter { $0.code == "json.duplicate-key" }
        let places: [String] = duplicates.map(\.message.firstPlace)
        #expect(places == columns.map { "first at line 1, column \($0)" })
    }

    /// The reader's shortcut for plain decimals takes exactly the numbers the full check finds
    /// valid and finite and reports nothing about; every other token gets the full check.
    @Test(arguments: [
        ("0", true), ("-0", true), ("7", true), ("359.92", true), ("-12.5", true), ("0.001", true),
        (String(repeating: "9", count: 300), true), (String(repeating: "9", count: 301), false),
        ("01", false), ("-", false), ("1.", false), (".5", false), ("1e5", false), ("1E-2", false),
        ("1.2.3", false), ("--1", false), ("-a", false), ("0x1", false), ("1-", false), ("00.1", false),
    ])
    func plainDecimalsAreExactlyTheValidOnes(_ token: String, _ plain: Bool) {
        let bytes = Array(token.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(JSONParser.isPlainDecimal(buffer) == plain)
            var parser = JSONParser(bytes: buffer, maximumDepth: 1)
            let value = parser.numberValue(buffer, at: 0)
            if plain {
                #expect(value != nil && parser.diagnostics.isEmpty)
            }
        }
        // As a value in a document, the token is read as it always was.
        if plain {
            #expect(JSONReader().read("[" + token + "]").isValid)
        }
    }

    /// A number's double read without its literal is the double of the number made with it.
    @Test(arguments: [
        "0", "-0", "1", "1.5", "-3e2", "12345678901234567890", "1e-7", "1e400", "0.1", "\"1\"", "true",
    ])
    func doublesMatchNumbers(_ literal: String) throws {
        let document = JSONReader().readDocument(Array("[\(literal)]".utf8))
        let element = try #require(document.root.flatMap { document.elements($0).first })
        let view = document.view(element)
        #expect(view.doubleValue == view.value.numberValue?.doubleValue)
        #expect((view.doubleValue != nil) == (document.kind(element) == .number))
    }

    /// `String(joining:)` is the concatenation of its parts, short or long, ASCII or not.
    @Test(arguments: [
        ("$", ".", "aps", ""), ("$.aps", ".", "category", ""), ("", "", "", ""),
        ("No category registry was given, so \"", "Zpráva 😀", "\" was not checked.", "!"),
        ("a", "", "b", "ééééééééééééééééé"),
    ])
    func joiningConcatenates(_ first: String, _ second: String, _ third: String, _ fourth: String) {
        let joined = String(joining: first, second, third, fourth)
        #expect(joined == first + second + third + fourth)
        #expect(Array(joined.utf8) == Array((first + second + third + fourth).utf8))
    }
}

extension String {
    /// The "first at line L, column C" part of a duplicate-key message.
    fileprivate var firstPlace: String {
        guard let start = range(of: "first at "), let end = range(of: ", again") else { return self }
        return String(self[start.lowerBound..<end.lowerBound])
    }
}
