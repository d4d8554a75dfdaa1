/* fileio.h — the program's file helpers: saving a record safely and reading one back. Every CLI
 * command that saves or loads a file (play's save and load, replay, analyze) goes through here. */
#ifndef GABATA_CLI_FILEIO_H
#define GABATA_CLI_FILEIO_H

#include <stddef.h>

/* The largest file read_file_text accepts: records are far smaller. */
#define FILEIO_MAX_SIZE (16u << 20)

/* Save text to path so that the file always holds either its old or its new text, whole:
 * the text goes to a fresh temporary (mkstemp) in the target's folder, is fsynced and renamed
 * over the target, and the folder is fsynced. A symlink at path is kept and the file it points
 * at (through any chain of links) is replaced. An existing file keeps its mode (and, where
 * allowed, its owner); a new one gets 0666 less the umask. A target that exists and is neither
 * a regular file nor a folder (a FIFO, a device) is refused with EINVAL. On failure nothing is
 * left behind. The temporary is .NAME.tmp.PID.XXXXXX: one left by a save killed in the middle is
 * removed by the next save of the same file once its process is gone. Returns 0, or -1 with
 * errno set. */
int save_file_atomic(const char *path, const char *text);

/* Read a whole text file (malloc'd, NUL-terminated, a leading UTF-8 byte-order mark dropped).
 * Refused at once, never blocking: anything that is not a regular file (a FIFO, a folder, a
 * device), a file over FILEIO_MAX_SIZE, and binary data (a NUL byte, a control character other
 * than tab, newline, carriage return, form feed and vertical tab, or bytes that are not UTF-8).
 * On failure returns NULL with errno set and, when msg is not NULL, a one-line reason naming the
 * file in msg, e.g. "game.rec: not a game record (binary data)". */
char *read_file_text(const char *path, char *msg, size_t msglen);

/* read_file_text without the message: NULL with errno set (EINVAL for a file that is not a
 * regular one or holds binary data, EFBIG for one too large). */
char *read_file_all(const char *path);

/* The length of the valid UTF-8 sequence at p (n bytes left), or 0 (RFC 3629: no overlong
 * forms, no surrogates, nothing past U+10FFFF). */
size_t utf8_seq_len(const unsigned char *p, size_t n);

#endif
