import Testing

@testable import JSON

/// The writer's output: escaping, order, literals, styles, and the builder.
struct WriterTests {
    @Test(arguments: [
        ("plain", #""plain""#), ("quote \" backslash \\", #""quote \" backslash \\""#),
        ("\u{8}\u{C}\n\r\t", #""\b\f\n\r\t""#), ("\u{0}\u{1}\u{1F}", #""\u0000\u0001\u001f""#),
        ("\u{2028}\u{2029}", #""\u2028\u2029""#), ("/ < > & \u{7F}", "\"/ < > & \u{7F}\""),
        ("Příliš žluťoučký 😀 Xin chào", "\"Příliš žluťoučký 😀 Xin chào\""),
        ("\u{2027}\u{202A}", "\"\u{2027}\u{202A}\""),
    ])
    func escapesStringsMinimally(_ text: String, _ expected: String) {
        #expect(JSONWriter.quoted(text) == expected)
        var bytes: [UInt8] = []
        JSONWriter.appendQuoted(text, to: &bytes)
        #expect(JSONReader().read(bytes).root?.value.stringValue == text)
    }

    @Test func compactOutputKeepsOrderAndNumberLiterals() throws {
        let text = #"{"z":1.50,"a":[1e3,-0,{"k":null}],"m":true,"n":12345678901234567890}"#
        let root = try #require(JSONReader().read(text).root)
        #expect(JSONWriter().string(root.value) == text)
    }

    @Test func prettyOutputUsesTwoSpacesAndColonSpace() {
        let value: JSONValue = ["a": [1, ["b": "c"]], "empty": [], "none": [:], "flag": false]
        let expected = """
            {
              "a": [
                1,
                {
                  "b": "c"
                }
              ],
              "empty": [],
              "none": {},
              "flag": false
            }
            """
        #expect(JSONWriter(style: .pretty).string(value) == expected)
    }

    @Test func builderWritesObjectsWithoutConcatenation() {
        var object = JSONObjectBuilder()
        object.set("valid", false)
        object.set("pushType", "alert")
        object.set("missing", nil as String?)
        object.set("size", JSONObjectBuilder().setting("bytes", .int(4120)).setting("limit", 4096).value)
        object.set("score", 0.25)
        object.set("whole", 2.0)
        object.set("nan", Double.nan)
        object.set("valid", true)
        #expect(
            JSONWriter().string(object.value)
                == #"{"valid":true,"pushType":"alert","size":{"bytes":4120,"limit":4096},"score":0.25,"whole":2,"nan":null}"#
        )
    }

    @Test func literalsAndHelpersBuildValues() {
        let value: JSONValue = [
            "list": .list(["a", 1, 1.5, true, nil]), "pairs": .members(["x": 1, "y": 2]),
        ]
        #expect(JSONWriter().string(value) == #"{"list":["a",1,1.5,true,null],"pairs":{"x":1,"y":2}}"#)
    }

    @Test(arguments: [
        ("aps", "$.aps"), ("relevance-score", "$.relevance-score"), ("thread_id", "$.thread_id"),
        ("odd key", #"$["odd key"]"#), ("1st", #"$["1st"]"#), ("", #"$[""]"#), ("a\"b", #"$["a\"b"]"#),
        ("zpráva", #"$["zpráva"]"#),
    ])
    func pathsQuoteKeysThatAreNotPlainNames(_ key: String, _ expected: String) {
        #expect(JSONPath.appending(key: key, to: JSONPath.root) == expected)
    }

    @Test func pathsAppendIndexes() {
        #expect(JSONPath.appending(index: 3, to: "$.data.items") == "$.data.items[3]")
    }
}

/// Appending a quoted string to a `String` (the preview writer's path) gives the same text as
/// the byte writer, with and without escapes.
@Suite struct QuotedStringTests {
    @Test(arguments: [
        "", "plain", "Nová zpráva…", "tab\there", "quote\"", "back\\slash", "line\u{2028}sep", "para\u{2029}",
        "\u{1}", "emoji 😀 — dash",
    ])
    func appendingToAStringMatchesTheByteWriter(_ text: String) {
        var output = "x"
        JSONWriter.appendQuoted(text, to: &output)
        #expect(output == "x" + JSONWriter.quoted(text))
    }

    @Test func columnsAfterNonASCIIStringsCountScalars() throws {
        let text = "{\"a\":\"žluťoučký kůň úpěl ďábelské ódy\",\"b\":1,}"
        let result = JSONReader().read(text)
        let comma = try #require(result.diagnostics.first { $0.code == "json.trailing-comma" })
        #expect(comma.column == text.unicodeScalars.count - 1)
    }
}
