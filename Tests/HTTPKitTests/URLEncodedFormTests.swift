import Testing

@testable import HTTPKit

@Suite struct URLEncodedFormTests {
    @Test(arguments: [
        ("a=1&b=2", [("a", "1"), ("b", "2")]),
        ("q=hello+world", [("q", "hello world")]),
        ("q=a%2Bb", [("q", "a+b")]),
        ("title=Nov%C3%A1+zpr%C3%A1va", [("title", "Nová zpráva")]),
        ("t=Xin%20ch%C3%A0o", [("t", "Xin chào")]),
        ("tag=a&tag=b&tag=a", [("tag", "a"), ("tag", "b"), ("tag", "a")]),
        ("flag&empty=&=v", [("flag", ""), ("empty", ""), ("", "v")]),
        ("&&a=1&", [("a", "1")]),
        ("eq=a=b", [("eq", "a=b")]),
        ("", []),
        ("%252e=%252e", [("%2e", "%2e")]),
    ])
    func decodes(encoded: String, expected: [(String, String)]) throws {
        let fields = try URLEncodedForm.decode(encoded)
        #expect(fields.fields == expected.map { FormFields.Field(name: $0.0, value: $0.1) })
    }

    @Test func repeatedKeysAreAllKept() throws {
        let fields = try URLEncodedForm.decode("tag=a&x=1&tag=b")
        #expect(fields["tag"] == "a")
        #expect(fields.values(for: "tag") == ["a", "b"])
        #expect(fields["missing"] == nil)
    }

    @Test(arguments: [
        ("name=%FF", ["name"]),
        ("name=%C3", ["name"]),
        ("body=%E", ["body"]),
        ("body=%zz", ["body"]),
        ("ok=1&a=%FF&b=%G1&c=2", ["a", "b"]),
        ("%FF=1", ["%FF"]),
    ])
    func invalidFieldsAreNamed(encoded: String, faulty: [String]) {
        #expect {
            try URLEncodedForm.decode(encoded)
        } throws: { error in
            guard let error = error as? FormDecodingError else { return false }
            return error.fieldErrors.map(\.field) == faulty
                && error.fieldErrors.allSatisfy { $0.message.contains("\"\($0.field)\"") }
        }
    }

    @Test func invalidUTF8MessageSaysSo() {
        #expect {
            try URLEncodedForm.decode("title=%C3%28")
        } throws: { error in
            (error as? FormDecodingError)?.fieldErrors.first?.message
                == "The value of \"title\" is not valid UTF-8."
        }
    }
}
