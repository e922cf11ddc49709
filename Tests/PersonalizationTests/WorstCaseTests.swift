import JSON
import NotificationKit
import NotificationPreview
import Personalization
import Testing

/// The worst case of a template: bytes with every variable at its worst, and lines with every
/// text variable at its maximum length in the widest characters of its scripts.
@Suite struct WorstCaseTests {
    static func worst(
        _ payload: String, _ variables: [VariableDeclaration], devices: [DeviceID] = DeviceID.allCases
    )
        throws -> (WorstCase, PayloadTemplate)
    {
        let template = try Fixtures.template(payload, variables)
        return (WorstCase(template, validator: Fixtures.validator, devices: devices), template)
    }

    @Test func aTemplateThatFitsBoth() throws {
        let name = VariableDeclaration(name: "first_name", type: .text, example: "Anna", maxLength: 8)
        let (worst, template) = try Self.worst(
            #"{"aps":{"alert":{"title":"Order ready","body":"Hi {{ first_name }}, come by."}}}"#, [name])
        let exampleBytes = #"{"aps":{"alert":{"title":"Order ready","body":"Hi Anna, come by."}}}"#.utf8.count
        #expect(worst.exampleBytes == exampleBytes)
        // Eight characters of three UTF-8 bytes (Latin Extended Additional) instead of "Anna".
        #expect(worst.worstBytes == exampleBytes - 4 + 8 * 3)
        #expect(worst.summary == "example \(exampleBytes) B · worst \(exampleBytes + 20) B of 4 096")
        #expect(worst.cuts.isEmpty)
        #expect(worst.diagnostics(template).isEmpty)
    }

    @Test func theExampleFitsAndTheWorstBytesDoNot() throws {
        let note = VariableDeclaration(name: "note", type: .text, example: "Thanks!", maxLength: 1400)
        let city = VariableDeclaration(name: "city", type: .text, example: "Oslo", maxLength: 30)
        let (worst, template) = try Self.worst(
            #"{"aps":{"alert":{"title":"{{ city }}","body":"{{ note }}"}}}"#, [note, city],
            devices: [.iphone393])
        #expect(worst.exampleBytes < 100)
        #expect(worst.worstBytes == worst.exampleBytes - 7 - 4 + 1400 * 3 + 30 * 3)
        #expect(worst.bytesOver == worst.worstBytes - 4096)
        #expect(worst.largestContribution?.variable == "note")
        let errors = worst.diagnostics(template).filter { $0.severity == .error }
        #expect(errors.map(\.code) == ["template.worst.too-large"])
        #expect(errors.first?.message.contains("\(WorstCaseTests.grouped(worst.bytesOver)) over") == true)
        #expect(errors.first?.message.contains("Most comes from note") == true)
    }

    @Test func theWorstCharacterIsTheOneWithTheMostEscapedBytes() throws {
        // Latin at worst is three bytes a character (ẞ, the Vietnamese letters, the typographic
        // quotes), more than an escaped quote's two; counted after the upcase filter.
        let code = VariableDeclaration(name: "code", type: .text, example: "AB", maxLength: 10)
        let (worst, _) = try Self.worst(
            #"{"data":{"c":"{{ code | upcase }}"}}"#, [code], devices: [.iphone393])
        #expect(worst.worstBytes == worst.exampleBytes - 2 + 30)
    }

    @Test func aTruncateFilterBoundsTheWorstCase() throws {
        let note = VariableDeclaration(name: "note", type: .text, example: "Thanks!", maxLength: 3000)
        let (worst, template) = try Self.worst(
            #"{"aps":{"alert":{"body":"{{ note | truncate: 100 }}"}}}"#, [note], devices: [.iphone393])
        // 99 characters of three bytes and the ellipsis (three bytes).
        #expect(worst.worstBytes == worst.exampleBytes - 7 + 99 * 3 + 3)
        #expect(worst.diagnostics(template).allSatisfy { $0.severity != .error })
    }

    @Test func theExampleFitsTheLinesAndTheWorstIsCutOnANamedDevice() throws {
        let store = VariableDeclaration(name: "store", type: .text, example: "Dubai Mall", maxLength: 40)
        let (worst, template) = try Self.worst(
            #"{"aps":{"alert":{"title":"Ready at {{ store }}","body":"Your order is ready."}}}"#, [store],
            devices: [.iphone320, .iphone393])
        let lockScreen = worst.cuts.first { $0.surface == .lockScreen && $0.field == "title" }
        #expect(lockScreen?.devices == [.iphone320, .iphone393])
        #expect(lockScreen?.variables == ["store"])
        let infos = worst.diagnostics(template).filter { $0.code == "template.worst.cut" }
        #expect(infos.allSatisfy { $0.severity == .info })
        #expect(
            infos.contains {
                $0.path == "$.aps.alert.title"
                    && $0.message.contains(
                        "With store at 40 characters the title is cut on the Lock Screen on every device")
            })
        #expect(worst.bytesOver == 0)
    }

    @Test func anOptionalVariableAtWorstIsItsLongerOfValueAndDefault() throws {
        let nick = VariableDeclaration(name: "nick", type: .text, example: "Al", optional: true, maxLength: 2)
        let (worst, _) = try Self.worst(
            #"{"data":{"n":"{{ nick | default: \"a long default text\" }}"}}"#, [nick], devices: [.iphone393])
        #expect(worst.worstBytes == worst.exampleBytes - 2 + "a long default text".utf8.count)
    }

    @Test func theLongerBranchOfAnIfCounts() throws {
        let tier = VariableDeclaration(name: "tier", type: .text, example: "gold", maxLength: 4)
        let (worst, _) = try Self.worst(
            #"{"data":{"n":"{% if tier == \"gold\" %}G{% else %}not gold at all{% endif %}"}}"#, [tier],
            devices: [.iphone393])
        #expect(worst.worstBytes == worst.exampleBytes - 1 + "not gold at all".utf8.count)
    }

    static func grouped(_ value: Int) -> String {
        var text = String(value)
        if text.count > 3 { text.insert(" ", at: text.index(text.endIndex, offsetBy: -3)) }
        return text
    }
}
