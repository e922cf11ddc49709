import Foundation

#if FUZZING
    /// libFuzzer's driver (from `libclang_rt.fuzzer_no_main`), called from our own `main` because
    /// SwiftPM links executables with `main` aliased to the module's entry point.
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// The target named by `PUSHBOARD_FUZZ_TARGET`, read once.
    let selectedTarget: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["PUSHBOARD_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("set PUSHBOARD_FUZZ_TARGET to one of: \(names)\n".utf8))
            exit(2)
        }
        return target
    }()

    /// One input from libFuzzer.
    func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        selectedTarget.run(Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }

    /// `PUSHBOARD_FUZZ_TARGET=json pushboard-fuzz [libFuzzer options] [CORPUS…]`.
    @main enum FuzzMain {
        static func main() {
            _ = selectedTarget
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(runFuzzerDriver(&argc, &argv, fuzzOneInput))
        }
    }
#else
    /// Without the fuzzer (a normal build): `PushboardFuzz TARGET FILE…` runs each file through
    /// the target once, to replay a corpus or a crash file.
    @main enum FuzzMain {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
                let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
                FileHandle.standardError.write(Data("usage: PushboardFuzz \(names) FILE…\n".utf8))
                exit(2)
            }
            for path in arguments.dropFirst() {
                guard let data = FileManager.default.contents(atPath: path) else {
                    FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
                    exit(2)
                }
                target.run(Array(data))
            }
        }
    }
#endif
