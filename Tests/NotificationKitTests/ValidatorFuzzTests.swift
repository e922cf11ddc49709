import JSON
import Testing

@testable import NotificationKit

/// Bad input gets findings, never a crash: mutated payloads and envelopes always give a report
/// whose JSON reads back strictly and whose validity follows its errors.
@Suite struct ValidatorFuzzTests {
    static let seeds = [
        ValidatorCaseTable.ok,
        #"{"aps":{"alert":{"title":"Nová zpráva","body":"Tiếng Việt 😀","loc-args":["a"]},"badge":3,"#
            + #""sound":{"critical":1,"name":"a.caf","volume":0.5},"category":"message","thread-id":"t"},"#
            + #""media-url":"https://e.com/a.jpg","data":{"items":[1,2.5,-3e2,true,null]}}"#,
        #"{"headers":{"apns-push-type":"background","apns-priority":"5"},"payload":{"aps":{"content-available":1}}}"#,
    ]

    /// A small deterministic generator, so a failure can be replayed.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static let interesting: [UInt8] =
        Array(#"{}[]",:\-0123456789eEtfn u"#.utf8) + [0x00, 0x0A, 0xC3, 0xE1, 0xF0, 0xFF]

    @Test(arguments: 0..<3)
    func mutatedInputNeverCrashes(_ seedIndex: Int) throws {
        var generator = Generator(state: UInt64(seedIndex + 1) * 7919)
        let seed = Array(Self.seeds[seedIndex].utf8)
        let validator = Validator(categoryIdentifiers: ["message"])
        for _ in 0..<1500 {
            var bytes = seed
            for _ in 0...generator.next(4) {
                let position = generator.next(bytes.count + 1)
                switch generator.next(3) {
                case 0 where position < bytes.count: bytes.remove(at: position)
                case 1: bytes.insert(Self.interesting[generator.next(Self.interesting.count)], at: position)
                default:
                    if position < bytes.count {
                        bytes[position] = Self.interesting[generator.next(Self.interesting.count)]
                    }
                }
            }
            let report =
                seedIndex == 2
                ? validator.validate(envelope: bytes) : validator.validate(payload: bytes, headers: [:])
            #expect(report.valid == !report.diagnostics.contains { $0.severity == .error })
            let json = report.json()
            let read = JSONReader().read(json)
            #expect(read.isValid, "report JSON does not read back: \(json)")
            #expect(report.diagnostics.allSatisfy { !$0.code.isEmpty && !$0.message.isEmpty })
        }
    }
}
