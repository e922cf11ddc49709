import JSON
import Personalization
import Testing

/// Sample recipients typed or imported: JSON Lines, or CSV with a header row.
@Suite struct SampleRecipientsTests {
    @Test(arguments: [
        ("{\"a\":\"1\"}\n\n{\"a\":\"2\",\"b\":\"x\"}\n", [#"{"a":"1"}"#, #"{"a":"2","b":"x"}"#]),
        (
            "a,b\n1,x\n\"2, two\",\"say \"\"hi\"\"\"\n3,\n",
            [#"{"a":"1","b":"x"}"#, #"{"a":"2, two","b":"say \"hi\""}"#, #"{"a":"3"}"#]
        ),
        (" name , city \r\n Anna , Praha \r\n", [#"{"name":"Anna","city":"Praha"}"#]),
        ("", []),
        // A combining mark after a separator or a quote is a value's first letter: the comma and
        // the quote still count (a Character-level reader joined them into one grapheme).
        (
            "a,b\n1,\u{301}x\n\"\u{301}y\",\"z\"\n",
            ["{\"a\":\"1\",\"b\":\"\u{301}x\"}", "{\"a\":\"\u{301}y\",\"b\":\"z\"}"]
        ),
        // A quoted value that starts with an escaped quote and a combining mark (found by the
        // `samples` fuzz target).
        ("a\n\"\"\"\u{301}y\"\"\"\n", ["{\"a\":\"\\\"\u{301}y\\\"\"}"]),
    ])
    func readsJSONLinesAndCSV(text: String, expected: [String]) throws {
        let recipients = try SampleRecipients.read(text).get()
        #expect(recipients.map { JSONWriter().string($0) } == expected)
    }

    @Test(arguments: [
        ("{\"a\":1}\n[1]\n", "Line 2 is not a JSON object of values."),
        ("a,b\n1\n", "CSV row 2 has 1 fields; the header has 2."),
        ("a\n\"one\ntwo\"\n", "CSV row 2 has a quote that is not closed (a value cannot span lines)."),
        ("\"a\n", "CSV row 1 has a quote that is not closed (a value cannot span lines)."),
    ])
    func namesTheLineThatCannotBeRead(text: String, message: String) {
        guard case .failure(let problem) = SampleRecipients.read(text) else {
            Issue.record("read \(text)")
            return
        }
        #expect(problem.message == message)
    }
}
