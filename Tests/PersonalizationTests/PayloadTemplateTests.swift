import JSON
import NotificationKit
import Personalization
import Testing

/// A payload's strings as templates: the checks at save, one recipient's values, and the
/// validated bytes and headers.
@Suite struct PayloadTemplateTests {
    static let name = VariableDeclaration(name: "first_name", type: .text, example: "Anna", maxLength: 20)
    static let order = VariableDeclaration(name: "order.id", type: .text, example: "A-7731", maxLength: 10)
    static let payload =
        #"{"aps":{"alert":{"title":"Hi {{ first_name }}","body":"Order #{{ order.id }}"},"thread-id":"o-{{ order.id }}"},"data":{"n":1,"who":"{{ first_name | upcase }}"}}"#

    @Test func rendersEveryStringAndTheCollapseID() throws {
        let template = try Fixtures.template(
            Self.payload, headers: ["apns-push-type": "alert", "apns-collapse-id": "order-{{ order.id }}"],
            [Self.name, Self.order])
        let result = template.render(
            recipient: Fixtures.recipient(#"{"first_name":"Zoë","order":{"id":"B-1"}}"#),
            validator: Fixtures.validator)
        #expect(
            String(decoding: result.bytes, as: UTF8.self)
                == #"{"aps":{"alert":{"title":"Hi Zoë","body":"Order #B-1"},"thread-id":"o-B-1"},"data":{"n":1,"who":"ZOË"}}"#
        )
        #expect(result.headers["apns-collapse-id"] == "order-B-1")
        #expect(result.report.valid)
    }

    @Test func aFlatDottedKeyIsAValueToo() throws {
        let template = try Fixtures.template(Self.payload, [Self.name, Self.order])
        let values = template.values(of: Fixtures.recipient(#"{"first_name":"A","order.id":"C-2"}"#))
        #expect(try values.get()["order.id"] == "C-2")
    }

    @Test(arguments: [
        (#"{"order":{"id":"B"}}"#, TemplateCode.valueMissing, "values:first_name"),
        (#"{"first_name":null,"order.id":"B"}"#, .valueMissing, "values:first_name"),
        (#"{"first_name":"ABCDEFGHIJKLMNOPQRSTU","order.id":"B"}"#, .valueInvalid, "values:first_name"),
        (#"{"first_name":"Анна","order.id":"B"}"#, .valueInvalid, "values:first_name"),
        (#"{"first_name":"A\nB","order.id":"B"}"#, .valueInvalid, "values:first_name"),
        (#"{"first_name":3,"order.id":"B"}"#, .valueInvalid, "values:first_name"),
        (#"[1]"#, .valueInvalid, "values"),
    ])
    func refusesValuesThatDoNotFit(values: String, code: TemplateCode, path: String) throws {
        let template = try Fixtures.template(Self.payload, [Self.name, Self.order])
        let result = template.render(recipient: Fixtures.recipient(values), validator: Fixtures.validator)
        #expect(!result.report.valid)
        #expect(result.bytes.isEmpty)
        #expect(result.report.diagnostics.first?.code == code.rawValue)
        #expect(result.report.diagnostics.first?.path == path)
    }

    @Test func aRenderedPayloadIsCheckedByTheValidator() throws {
        let long = VariableDeclaration(name: "note", type: .text, example: "x", maxLength: 4096)
        let template = try Fixtures.template(#"{"aps":{"alert":{"body":"{{ note }}"}}}"#, [long])
        let note = String(repeating: "é", count: 2100)
        let result = template.render(
            recipient: Fixtures.recipient("{\"note\":\"" + note + "\"}"), validator: Fixtures.validator)
        #expect(!result.report.valid)
        #expect(result.report.diagnostics.contains { $0.code == "payload.too-large" })
        #expect(result.bytes.count == 4200 + #"{"aps":{"alert":{"body":""}}}"#.utf8.count)
    }

    @Test(arguments: [
        (
            #"{"aps":{"alert":{"body":"Hi {{ last_name }}"}}}"#, "template.variable.unknown",
            "$.aps.alert.body", 1, 4
        ),
        (
            #"{"aps":{"alert":{"body":"{% if vip %}x{% endif %}"}}}"#, "template.variable.unknown",
            "$.aps.alert.body", 1, 1
        ),
        (
            #"{"aps":{"alert":{"body":"x\n{{ nick }}"}}}"#, "template.default.required", "$.aps.alert.body",
            2, 1
        ),
        (
            #"{"aps":{"alert":{"body":"{{ first_name | shout }}"}}}"#, "template.filter.unknown",
            "$.aps.alert.body", 1, 17
        ),
        (
            #"{"aps":{"alert":{"loc-args":["ok","{% if x %}"]}}}"#, "template.tag.unclosed",
            "$.aps.alert.loc-args[1]", 1, 1
        ),
        (#"{"data":{"{{ first_name }}":1}}"#, "template.key", "$.data[\"{{ first_name }}\"]", 1, 10),
    ])
    func savedTemplatesNameFieldLineAndColumn(
        payload: String, code: String, path: String, line: Int, column: Int
    ) {
        let nick = VariableDeclaration(name: "nick", type: .text, example: "A", optional: true, maxLength: 5)
        let faults = Fixtures.faults(payload, [Self.name, nick])
        #expect(faults.map(\.code) == [code])
        #expect(faults.first?.path == path)
        #expect(faults.first?.line == line)
        #expect(faults.first?.column == column)
    }

    @Test func theCollapseIDHeaderIsATemplateToo() {
        let faults = Fixtures.faults("{}", headers: ["apns-collapse-id": "{{ nope }}"], [Self.name])
        #expect(faults.map(\.path) == ["header:apns-collapse-id"])
        #expect(faults.map(\.code) == ["template.variable.unknown"])
    }

    @Test(arguments: [
        (VariableDeclaration(name: "", type: .text, example: "a", maxLength: 3), "variables:"),
        (VariableDeclaration(name: "n", type: .text, example: "a"), "variables:n"),
        (VariableDeclaration(name: "n", type: .text, example: "abcd", maxLength: 3), "variables:n"),
        (VariableDeclaration(name: "n", type: .number, example: "12a"), "variables:n"),
        (VariableDeclaration(name: "n", type: .date, example: "07.12.2026"), "variables:n"),
        (VariableDeclaration(name: "n", type: .url, example: "ftp://x"), "variables:n"),
        (VariableDeclaration(name: "n", type: .text, example: "a", maxLength: 3, scripts: []), "variables:n"),
    ])
    func declarationsThatCannotBeUsed(variable: VariableDeclaration, path: String) {
        let faults = Fixtures.faults("{}", [variable])
        #expect(faults.map(\.code) == ["template.declaration"])
        #expect(faults.first?.path == path)
    }

    @Test func declarationsReadFromJSONWithTheirFaults() throws {
        let good = JSONReader().read(
            #"[{"name":"n","type":"text","example":"Anna","maxLength":8,"scripts":["latin","cyrillic"]},{"name":"c","type":"number","example":3,"optional":true}]"#
        )
        let declared = try VariableDeclaration.declarations(from: good.root!.value).get()
        #expect(declared.map(\.scripts) == [[.latin, .cyrillic], [.latin]])
        #expect(declared[1].example == "3" && declared[1].optional && declared[1].maxLength == 15)
        let bad = JSONReader().read(
            #"[{"name":"n","type":"colour","example":"x"},{"name":"m","example":"x"}]"#)
        guard case .failure(let faults) = VariableDeclaration.declarations(from: bad.root!.value) else {
            Issue.record("accepted")
            return
        }
        #expect(faults.diagnostics.map(\.path) == ["variables[0].type", "variables[1].maxLength"])
    }
}
