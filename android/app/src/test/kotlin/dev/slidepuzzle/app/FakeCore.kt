package dev.slidepuzzle.app

/** A small pure-Kotlin stand-in for the core, so the state holder is tested on its own. */
class FakeCore : PuzzleCore {
    var solveFails: SolveFailed? = null
    val cancels = mutableListOf<Boolean>()

    override fun newGame(size: Int, blankCell: Int): CoreGame = FakeGame(size, blankCell)

    override fun restore(save: String): CoreGame {
        val parts = save.split(";")
        if (parts.size != 3 || parts[0] != "fake") throw CoreException("not a save")
        val (size, blank) = parts[1].split(",").map { it.toInt() }
        val game = FakeGame(size, blank)
        for (c in parts[2].filter { it in "UDLR" }) game.move(Dir.values().first { it.name[0] == c })
        return game
    }

    override fun builtinPictures() = listOf("sunset" to "Sunset")
    override fun builtinPicture(id: String, edge: Int) = PictureData(edge, ByteArray(edge * edge * 4))
    override fun loadPicture(bytes: ByteArray, edge: Int): PictureData {
        if (bytes.isEmpty()) throw CoreException("the image is empty (0 bytes)")
        return PictureData(edge, ByteArray(edge * edge * 4))
    }

    override fun tileRect(size: Int, edge: Int, cell: Int) =
        intArrayOf(cell % size * edge / size, cell / size * edge / size, edge / size, edge / size)

    override fun newCancel(): CancelHandle {
        val index = cancels.size
        cancels += false
        return CancelHandle { cancels[index] = true }
    }

    inner class FakeGame(override val size: Int, private val home: Int) : CoreGame {
        private val goal = (0 until size * size).map { if (it == home) 0 else if (it < home) it + 1 else it }
        private var board = goal.toMutableList()
        private val history = mutableListOf<Dir>()
        private val redo = mutableListOf<Dir>()
        private var elapsed = 0L

        override fun tiles() = board.toList()
        override fun homeCell(tile: Int) = goal.indexOf(tile)
        override fun blankCell() = board.indexOf(0)
        override fun movableCells() = (0 until size * size).filter { c ->
            c != blankCell() && (c / size == blankCell() / size || c % size == blankCell() % size)
        }.toSet()
        override fun isSolved() = board == goal
        override fun moveCount() = history.size
        override fun canUndo() = history.isNotEmpty()
        override fun canRedo() = redo.isNotEmpty()
        override fun elapsedMs() = elapsed
        override fun addElapsedMs(ms: Long) {
            elapsed += ms
        }

        private fun step(d: Dir): SlideStep? {
            val b = blankCell()
            val to = when (d) {
                Dir.UP -> if (b >= size) b - size else -1
                Dir.DOWN -> if (b + size < size * size) b + size else -1
                Dir.LEFT -> if (b % size > 0) b - 1 else -1
                Dir.RIGHT -> if (b % size < size - 1) b + 1 else -1
            }
            if (to < 0) return null
            val tile = board[to]
            board[b] = tile
            board[to] = 0
            return SlideStep(tile, to, b)
        }

        override fun tap(cell: Int): List<SlideStep> {
            if (cell !in movableCells()) return emptyList()
            val out = mutableListOf<SlideStep>()
            while (blankCell() != cell) {
                val b = blankCell()
                val d = when {
                    cell < b && cell / size == b / size -> Dir.LEFT
                    cell > b && cell / size == b / size -> Dir.RIGHT
                    cell < b -> Dir.UP
                    else -> Dir.DOWN
                }
                out += move(d)!!
            }
            return out
        }

        override fun move(direction: Dir): SlideStep? = step(direction)?.also {
            history += direction
            redo.clear()
        }

        override fun undo(): SlideStep? {
            val last = history.removeLastOrNull() ?: return null
            return step(opposite(last))?.also { redo += last }
        }

        override fun redo(): SlideStep? {
            val next = redo.removeLastOrNull() ?: return null
            return step(next)?.also { history += next }
        }

        private fun opposite(d: Dir) = when (d) {
            Dir.UP -> Dir.DOWN
            Dir.DOWN -> Dir.UP
            Dir.LEFT -> Dir.RIGHT
            Dir.RIGHT -> Dir.LEFT
        }

        /** The shuffle walks the blank; the fake's solver walks it back. */
        private var path = mutableListOf<Dir>()

        override fun shuffle(level: Difficulty, seed: Long) {
            board = goal.toMutableList()
            history.clear()
            redo.clear()
            elapsed = 0
            path.clear()
            val moves = level.distance ?: 6
            var i = 0
            val pattern = listOf(Dir.UP, Dir.LEFT, Dir.DOWN, Dir.LEFT, Dir.UP, Dir.RIGHT)
            while (path.size < moves) {
                val d = pattern[(i++ + seed.toInt()).mod(pattern.size)]
                if (path.lastOrNull()?.let { opposite(it) } == d) continue
                if (step(d) != null) path += d
                if (i > 1000) break
            }
        }

        override fun solve(algorithm: AlgorithmChoice, timeoutMs: Long, cancel: CancelHandle, progress: (Long) -> Unit): SolveReport {
            solveFails?.let { throw it }
            progress(42)
            val back = bfs()
            return SolveReport(algorithm.name.lowercase(), back, true, back.size, 100, 5)
        }

        /** Breadth-first search to the goal: the fake's shuffles are a few moves deep. */
        private fun bfs(): List<Dir> {
            val start = board.toList()
            val parent = HashMap<List<Int>, Pair<List<Int>, Dir>?>()
            parent[start] = null
            var frontier = listOf(start)
            while (goal !in parent && frontier.isNotEmpty()) {
                val next = mutableListOf<List<Int>>()
                for (b in frontier) for (d in Dir.values()) {
                    board = b.toMutableList()
                    if (step(d) == null) continue
                    val child = board.toList()
                    if (child !in parent) {
                        parent[child] = b to d
                        next += child
                    }
                }
                frontier = next
            }
            board = start.toMutableList()
            val moves = mutableListOf<Dir>()
            var at = goal
            while (true) {
                val (prev, d) = parent[at] ?: break
                moves += d
                at = prev
            }
            return moves.reversed()
        }

        override fun hint(timeoutMs: Long): Dir? =
            if (isSolved()) null else solve(AlgorithmChoice.AUTO, timeoutMs, {}, {}).moves.first()

        override fun save() = "fake;$size,$home;" + path.joinToString("") { it.name.take(1) } +
            history.joinToString("") { it.name.take(1) }
    }
}

/** Threads run by hand: background tasks and timed UI tasks wait until the test runs them. */
class FakeThreads : Threads {
    private val background = ArrayDeque<() -> Unit>()
    private data class Timed(val at: Long, val task: () -> Unit, var cancelled: Boolean = false)
    private val timed = mutableListOf<Timed>()
    var now = 0L

    override fun background(task: () -> Unit) {
        background += task
    }

    override fun main(delayMs: Long, task: () -> Unit): CancelHandle {
        val t = Timed(now + delayMs, task)
        timed += t
        return CancelHandle { t.cancelled = true }
    }

    /** Runs queued background work and then UI tasks due now. */
    fun runBackground() {
        while (background.isNotEmpty()) background.removeFirst()()
        advance(0)
    }

    /** Moves the clock on, running UI tasks as they come due. */
    fun advance(ms: Long) {
        val end = now + ms
        while (true) {
            val next = timed.filter { !it.cancelled && it.at <= end }.minByOrNull { it.at } ?: break
            timed.remove(next)
            now = next.at
            next.task()
        }
        now = end
    }
}
