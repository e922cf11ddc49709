import Foundation

/// The process's memory as Linux reports it in `/proc/self/statm`.
struct ProcessMemory {
    /// Resident set size in bytes.
    let residentBytes: Int
    /// Virtual memory size in bytes.
    let virtualBytes: Int

    /// The sizes now, or `nil` where `/proc` is not available.
    static func current() -> ProcessMemory? {
        guard let data = FileManager.default.contents(atPath: "/proc/self/statm"),
            let text = String(data: data, encoding: .utf8)
        else { return nil }
        let fields = text.split(separator: " ").compactMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard fields.count >= 2 else { return nil }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        return ProcessMemory(residentBytes: fields[1] * page, virtualBytes: fields[0] * page)
    }
}
