import Foundation
import Synchronization
import TabHostCore
import TabHostTesting
import Testing
import _CHostShims

/// `BoundedFile.read`, which reads layouts and state files: what is not a plain file must not hang it.
struct BoundedFileTests {
    /// A FIFO no process writes made `tabhost check-layout FIFO` (and `run --layout FIFO`) wait for ever.
    @Test func aFIFOWithoutAWriterReadsAsEmpty() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let fifo = directory + "/layout.json"
            #expect(mkfifo(fifo, 0o600) == 0)
            // Read on a thread of its own, so that a read that waits fails the test instead of hanging it.
            let done = DispatchSemaphore(value: 0)
            // How many bytes the thread read (-1: the read failed, -2: not read yet), atomic for ThreadSanitizer.
            let count = Atomic<Int>(-2)
            Thread {
                count.store((try? BoundedFile.read(fifo, limit: 100))?.count ?? -1, ordering: .sequentiallyConsistent)
                done.signal()
            }.start()
            if done.wait(timeout: .now() + 10) == .timedOut {
                Issue.record("the read of a FIFO without a writer waited 10 s")
                // A writer that comes and goes lets the waiting open through, and the read ends.
                let writer = open(fifo, O_WRONLY | O_NONBLOCK)
                if writer >= 0 { close(writer) }
                done.wait()
            }
            #expect(count.load(ordering: .sequentiallyConsistent) == 0)
        }
    }

    /// The control: what `--layout <(generate)` gives, a pipe with its writer, is read (not taken as empty),
    /// also when the writer sends after the read began. The writer sends more than the limit, so the read
    /// ends at the limit and one byte, not at an end of file: a process another test forks meanwhile holds
    /// the write end too, and an end of file would wait for it.
    @Test(.timeLimit(.minutes(1))) func aPipeWithAWriterIsRead() throws {
        var ends: [Int32] = [0, 0]
        #expect(tabhost_host_pipe(&ends) == 0)
        defer { close(ends[0]) }
        let writeEnd = ends[1]
        let sent = "{\"root\": {}}" + String(repeating: " ", count: 200)
        let writer = Thread {
            usleep(200_000)
            _ = sent.withCString { write(writeEnd, $0, strlen($0)) }
            close(writeEnd)
        }
        writer.start()
        let read = try BoundedFile.read("/dev/fd/\(ends[0])", limit: 100)
        #expect(read == Array(sent.utf8.prefix(101)))
    }

    @Test func aFileOverTheLimitGivesOneByteMore() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/big"
            try Data(repeating: 0x20, count: 300).write(to: URL(fileURLWithPath: path))
            #expect(try BoundedFile.read(path, limit: 100).count == 101)
            #expect(try BoundedFile.read(path, limit: 300).count == 300)
        }
    }
}
