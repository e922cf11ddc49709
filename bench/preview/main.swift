import Foundation
import Localization
import NotificationKit
import NotificationPreview

// Times the preview engine in a release build: the matrix of every device × surface
// (`device=all`), and one device's full preview (what `POST /api/v1/preview` computes),
// for a short Czech message, a long mixed one and a 4 KB body. Best and median of RUNS
// batches, in wall-clock time and in this thread's CPU time (the figure to quote on a shared
// machine); CPU time of the whole run at the end. Usage: bench/preview/run.sh (RUNS, COUNT and
// ONLY=<text> in the environment)

/// A payload's content as the API reads it.
func content(_ json: String) -> PreviewContent {
    let payload = NotificationPayload.read(Array(json.utf8)).payload ?? NotificationPayload()
    return PreviewContent(payload: payload, registry: CategoryConfig())
}

/// This thread's CPU time in nanoseconds: on a shared machine, the time the engine itself
/// used, whatever other processes take of the cores meanwhile.
func threadCPUNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// Milliseconds per call of `body` over `runs` batches of `count` calls: best and median of the
/// wall-clock time, and best and median of this thread's CPU time.
func time(runs: Int, count: Int, _ body: () -> Int) -> (
    best: Double, median: Double, cpuBest: Double, cpuMedian: Double, sink: Int
) {
    var wall: [Double] = []
    var cpu: [Double] = []
    var sink = 0
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        let cpuStart = threadCPUNanoseconds()
        for _ in 0..<count { sink &+= body() }
        cpu.append(Double(threadCPUNanoseconds() - cpuStart) / 1e6 / Double(count))
        wall.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(count))
    }
    wall.sort()
    cpu.sort()
    return (wall[0], wall[wall.count / 2], cpu[0], cpu[cpu.count / 2], sink)
}

let czech = #"""
    {"aps":{"alert":{"title":"Děti byly nadšené z výletu","subtitle":"Rodina","body":"Anna: Ahoj! Jak se máš? Dnes večer jdeme do kina, přidáš se? Lístky jsou už koupené a sraz je v sedm u vchodu."}}}
    """#
let mixed = #"""
    {"aps":{"alert":{"title":"Family trip 👨‍👩‍👧‍👦 🇨🇿","body":"We leave Friday 🚗 morning; Příliš žluťoučký kůň úpěl ďábelské ódy. Tiếng Việt có dấu, 明日の会議は午後三時からに変更になりました。 שלום! مرحبا! https://example.com/a/very/long/path?with=query&and=more 👍🏽 and the rest of the message goes on for a while so that it wraps on every surface."}}}
    """#
let long =
    "{\"aps\":{\"alert\":{\"title\":\"Weekly digest\",\"body\":\""
    + String(
        repeating: "Příliš žluťoučký kůň úpěl ďábelské ódy, the quick brown fox jumps over the lazy dog. ",
        count: 46)
    + "\"}}}"

let runs = Int(ProcessInfo.processInfo.environment["RUNS"] ?? "") ?? 9
let scale = Int(ProcessInfo.processInfo.environment["COUNT"] ?? "") ?? 100
let cpuStart = clock()
print(
    "devices: \(DeviceID.allCases.count), device × surface rows: \(PreviewMatrix(content(czech)).rows.count)")
// ONLY=czech (or mixed, 4 KB) times one text alone, e.g. under callgrind.
let only = ProcessInfo.processInfo.environment["ONLY"] ?? ""
// PAYLOAD=<file> times that payload alone (the HTTP benchmark posts tests/fixtures/czech.json).
let cases =
    ProcessInfo.processInfo.environment["PAYLOAD"].map { path in
        [(path, (try? String(contentsOfFile: path, encoding: .utf8)) ?? "{}")]
    } ?? [("czech", czech), ("mixed", mixed), ("4 KB body", long)]
// SERVED=1 times only what the API computes after validation (for callgrind).
let servedOnly = ProcessInfo.processInfo.environment["SERVED"] != nil
for (name, json) in cases where name.hasPrefix(only) {
    let text = content(json)
    if !servedOnly {
        let matrix = time(runs: runs, count: 2 * scale) { PreviewMatrix(text).rows.count }
        let one = time(runs: runs, count: 5 * scale) {
            PreviewEngine.preview(text, device: .iphone393, surfaces: [], hiddenPreviews: false).surfaces
                .count
        }
        let bytes = json.utf8.count
        print(
            String(
                format:
                    "%-10@ %5d B  matrix (all devices): best %.3f ms, median %.3f ms   one device: best %.3f ms, median %.3f ms",
                name as NSString, bytes, matrix.best, matrix.median, one.best, one.median))
        print(
            String(
                format:
                    "           CPU per call:   matrix best %.3f ms, median %.3f ms   one device: best %.3f ms, median %.3f ms",
                matrix.cpuBest, matrix.cpuMedian, one.cpuBest, one.cpuMedian))
        if matrix.sink == 0 || one.sink == 0 { print("(no rows?)") }
    }
    // What `POST /api/v1/preview` does after validation: the content from the analysis, the
    // preview and its document with the report in place.
    let analysis = PayloadAnalysis(payload: Array(json.utf8), registry: CategoryLookup(CategoryConfig()))
    let served = time(runs: runs, count: 5 * scale) {
        PreviewEngine.preview(
            PreviewContent(analysis: analysis), device: .iphone393, surfaces: [], hiddenPreviews: false
        ).jsonBytes(report: analysis.report).count
    }
    print(
        String(
            format:
                "           CPU per call:   content + one device + JSON document: best %.3f ms, median %.3f ms",
            served.cpuBest, served.cpuMedian))
    if served.sink == 0 { print("(no document?)") }
}
// ONLY=languages (make bench-languages): the language matrix of issue 27 alone.
if only.isEmpty || only == "languages" {
    let catalog = benchCatalog()
    let resolver = CatalogResolver(catalog: catalog)
    let matrix = time(runs: runs, count: scale / 5 + 1) { languageMatrixRows(catalog, resolver) }
    print(
        String(
            format:
                "language matrix (%d B push, %d languages × every device and surface): CPU best %.3f ms, median %.3f ms (target < 10 ms)",
            localizedPush.utf8.count, catalog.languages.count, matrix.cpuBest, matrix.cpuMedian))
    if matrix.sink == 0 { print("(no rows?)") }
}
print(String(format: "CPU time: %.2f s", Double(clock() - cpuStart) / Double(CLOCKS_PER_SEC)))
