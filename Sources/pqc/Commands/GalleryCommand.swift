import ArgumentParser
import Foundation

/// `pqc gallery`: writes the gallery of the seed demos into a folder.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Write the gallery of every seed demo (index.html and previews).",
        discussion: """
            Examples:
              pqc gallery                         writes ./gallery/index.html and the previews
              pqc gallery --out /tmp/pqc          writes into /tmp/pqc
              pqc gallery --only swinging-door    one demo only
            """
    )

    @Option(name: .long, help: "Folder to write into; created if missing.")
    var out: String = "gallery"

    @Option(name: .long, help: "Only this demo (see the names in index.html).")
    var only: String?

    func validate() throws {
        if let only, DemoCatalog.demo(named: only) == nil {
            let names = DemoCatalog.all.map(\.name).joined(separator: ", ")
            throw ValidationError("No demo is called '\(only)'. Known demos: \(names).")
        }
    }

    func run() throws {
        let demos = only.flatMap(DemoCatalog.demo(named:)).map { [$0] } ?? DemoCatalog.all
        let folder = URL(fileURLWithPath: out, isDirectory: true)
        let written = try GalleryWriter(folder: folder).write(demos: demos)
        print("Wrote \(written.map(\.lastPathComponent).joined(separator: ", ")) to \(folder.path)/")
        print(
            "\(demos.count) demo(s) listed; geometry previews computed by PortableQuartzCore for: "
                + "\(demos.filter { GeometryPreview.forDemo($0) != nil }.map(\.name).joined(separator: ", ")).")
        print("Animated renders of every demo (GIF/PNG/MP4) arrive with the renderer and exporters; see README.")
    }
}
