/* fileio.c — saving a record without ever tearing or losing a file, and reading one back
 * without blocking on what is not a file (fileio.h). */
#define _XOPEN_SOURCE 700 /* fsync, fchown */
#include "fileio.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

enum { MAX_LINK_HOPS = 40 }; /* as the kernel's own limit (ELOOP) */

/* path's folder part (".", "/" or up to its last '/') and its last component, malloc'd. */
static int split_path(const char *path, char **dir, char **base)
{
    const char *slash = strrchr(path, '/');
    size_t dlen = !slash ? 1 : slash == path ? 1 : (size_t)(slash - path);
    const char *b = slash ? slash + 1 : path;
    *dir = malloc(dlen + 1);
    *base = malloc(strlen(b) + 1);
    if (!*dir || !*base) {
        free(*dir);
        free(*base);
        errno = ENOMEM;
        return -1;
    }
    memcpy(*dir, !slash ? "." : slash == path ? "/" : path, dlen);
    (*dir)[dlen] = 0;
    strcpy(*base, b);
    return 0;
}

/* The file path names once every symlink at its end is followed (a relative link is read from
 * the link's folder); the path itself when it is not a link (it may not exist). malloc'd, or
 * NULL with errno set (ELOOP, ENOMEM, or readlink's error). */
static char *follow_links(const char *path)
{
    char *cur = strdup(path);
    for (int hops = 0; cur; hops++) {
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
            return cur; /* not a link: that is the file (any other error shows when it is used) */
        if (hops == MAX_LINK_HOPS) {
            free(cur);
            errno = ELOOP;
            return NULL;
        }
        size_t cap = (size_t)st.st_size + 1 > 256 ? (size_t)st.st_size + 1 : 256;
        char *link = NULL;
        ssize_t n;
        for (;;) {
            char *nl = realloc(link, cap);
            if (!nl) {
                free(link);
                free(cur);
                errno = ENOMEM;
                return NULL;
            }
            link = nl;
            n = readlink(cur, link, cap);
            if (n < 0 || (size_t)n < cap)
                break;
            cap *= 2; /* the link changed under us, or st_size was not its length */
        }
        if (n < 0) {
            int e = errno;
            free(link);
            free(cur);
            errno = e;
            return NULL;
        }
        link[n] = 0;
        char *next;
        const char *slash = strrchr(cur, '/');
        if (link[0] == '/' || !slash) {
            next = link;
        } else {
            size_t dlen = (size_t)(slash - cur) + 1;
            next = malloc(dlen + (size_t)n + 1);
            if (next) {
                memcpy(next, cur, dlen);
                memcpy(next + dlen, link, (size_t)n + 1);
            }
            free(link);
        }
        free(cur);
        cur = next;
    }
    errno = ENOMEM;
    return NULL;
}

static int write_all(int fd, const char *p, size_t len)
{
    while (len) {
        ssize_t w = write(fd, p, len);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += w;
        len -= (size_t)w;
    }
    return 0;
}

/* The temporaries of saves of `base` in dir that were left behind by a process that is gone (a
 * save killed in the middle): .BASE.tmp.PID.XXXXXX, PID no longer running. Only the caller's own
 * plain files go: in a shared folder someone else's are not ours to judge. Best effort. */
static void remove_stale_temporaries(const char *dir, const char *base, size_t blen)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    char prefix[256];
    snprintf(prefix, sizeof prefix, ".%.*s.tmp.", (int)blen, base);
    size_t plen = strlen(prefix);
    struct dirent *e;
    while ((e = readdir(d))) {
        if (strncmp(e->d_name, prefix, plen) != 0)
            continue;
        char *end;
        errno = 0;
        long pid = strtol(e->d_name + plen, &end, 10);
        if (errno || pid <= 0 || end == e->d_name + plen || *end != '.' || strlen(end + 1) != 6)
            continue;
        if (pid == (long)getpid() || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue; /* (ours in another thread, or a process still running: its save goes on) */
        struct stat st;
        if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode) &&
            st.st_uid == geteuid())
            unlinkat(dirfd(d), e->d_name, 0);
    }
    closedir(d);
}

int save_file_atomic(const char *path, const char *text)
{
    char *target = follow_links(path), *dir = NULL, *base = NULL, *tmp = NULL;
    int fd = -1, e = 0;
    if (!target)
        return -1;
    if (split_path(target, &dir, &base) != 0)
        goto fail;
    /* The mode (and owner) to keep, or a new file's. A folder is left to rename, which refuses
     * it; a FIFO or a device would be replaced by a plain file: refused. */
    struct stat st;
    bool exists = stat(target, &st) == 0;
    if (exists && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
        errno = EINVAL;
        goto fail;
    }
    mode_t mode;
    if (exists) {
        mode = st.st_mode & 07777;
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    /* A fresh, exclusive temporary beside the target (mkstemp: O_CREAT|O_EXCL, so nothing
     * planted there is ever opened), hidden, its name cut short enough to be a valid name, and
     * naming this process (.BASE.tmp.PID.XXXXXX), so that the next save finds and removes the one
     * a save killed in the middle left behind. */
    size_t blen = strlen(base) > 200 ? 200 : strlen(base);
    remove_stale_temporaries(dir, base, blen);
    tmp = malloc(strlen(dir) + blen + 40);
    if (!tmp) {
        errno = ENOMEM;
        goto fail;
    }
    sprintf(tmp, "%s/.%.*s.tmp.%ld.XXXXXX", dir, (int)blen, base, (long)getpid());
    fd = mkstemp(tmp);
    if (fd < 0) {
        free(tmp);
        tmp = NULL; /* nothing was made */
        goto fail;
    }
    if (write_all(fd, text, strlen(text)) != 0)
        goto fail;
    if (exists && (st.st_uid != geteuid() || st.st_gid != getegid()) &&
        fchown(fd, st.st_uid, st.st_gid) != 0) {
        /* best effort: only a privileged user may give a file away; the mode is still kept */
    }
    if (fchmod(fd, mode) != 0 || fsync(fd) != 0)
        goto fail;
    int rc = close(fd);
    fd = -1;
    if (rc != 0 || rename(tmp, target) != 0)
        goto fail;
    /* The rename itself is durable once the folder is synced. The new text is in place already,
     * so a folder that cannot be synced (some file systems refuse) does not fail the save. */
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        if (fsync(dfd) != 0) {
            /* see above */
        }
        close(dfd);
    }
    free(tmp);
    free(dir);
    free(base);
    free(target);
    return 0;
fail:
    e = errno;
    if (fd >= 0)
        close(fd);
    if (tmp)
        unlink(tmp);
    free(tmp);
    free(dir);
    free(base);
    free(target);
    errno = e;
    return -1;
}

/* ---- reading ---- */

/* The file's name for a message: control characters as \xHH, at most about 200 bytes. */
static void name_for_message(const char *path, char *out, size_t len)
{
    size_t o = 0;
    for (const unsigned char *p = (const unsigned char *)path; *p && o + 5 < len && o < 200; p++) {
        if (*p < 0x20 || *p == 0x7f)
            o += (size_t)snprintf(out + o, len - o, "\\x%02x", *p);
        else
            out[o++] = (char)*p;
    }
    out[o] = 0;
}

static void say(char *msg, size_t msglen, const char *path, const char *what)
{
    if (!msg || !msglen)
        return;
    char name[256];
    name_for_message(path, name, sizeof name);
    snprintf(msg, msglen, "%s: %s", name, what);
}

static const char *kind_of(mode_t m)
{
    return S_ISDIR(m) ? "not a regular file (a folder)"
         : S_ISFIFO(m) ? "not a regular file (a FIFO)"
         : S_ISCHR(m) || S_ISBLK(m) ? "not a regular file (a device)"
         : S_ISSOCK(m) ? "not a regular file (a socket)"
         : "not a regular file";
}

size_t utf8_seq_len(const unsigned char *p, size_t n)
{
    unsigned c = p[0];
    size_t k;
    uint32_t cp;
    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf)
        k = 2, cp = c & 0x1f;
    else if (c >= 0xe0 && c <= 0xef)
        k = 3, cp = c & 0x0f;
    else if (c >= 0xf0 && c <= 0xf4)
        k = 4, cp = c & 0x07;
    else
        return 0;
    if (n < k)
        return 0;
    for (size_t i = 1; i < k; i++) {
        if ((p[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (p[i] & 0x3f);
    }
    if ((k == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
        (k == 4 && (cp < 0x10000 || cp > 0x10ffff)))
        return 0;
    return k;
}

/* NULL when buf is text, else what is wrong with it. */
static const char *not_text(const char *buf, size_t len, char *why, size_t whylen)
{
    const unsigned char *p = (const unsigned char *)buf;
    for (size_t i = 0; i < len;) {
        unsigned c = p[i];
        if (c == 0 || c == 0x7f || (c < 0x20 && !strchr("\t\n\r\f\v", (int)c)))
            return "not a game record (binary data)";
        size_t k = utf8_seq_len(p + i, len - i);
        if (!k) {
            snprintf(why, whylen, "not a game record (binary data: byte %zu is not UTF-8 text)",
                     i + 1);
            return why;
        }
        i += k;
    }
    return NULL;
}

char *read_file_text(const char *path, char *msg, size_t msglen)
{
    char why[96];
    /* O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, for ever */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        int e = errno;
        say(msg, msglen, path, strerror(e));
        errno = e;
        return NULL;
    }
    struct stat st;
    int flags;
    if (fstat(fd, &st) != 0 || (flags = fcntl(fd, F_GETFL)) < 0 ||
        fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
        int e = errno;
        close(fd);
        say(msg, msglen, path, strerror(e));
        errno = e;
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        say(msg, msglen, path, kind_of(st.st_mode));
        errno = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
        return NULL;
    }
    const char *too_big = "too large for a game record (over 16 MiB)";
    if (st.st_size > (off_t)FILEIO_MAX_SIZE) {
        close(fd);
        say(msg, msglen, path, too_big);
        errno = EFBIG;
        return NULL;
    }
    /* read to the end (the file may have grown since fstat), never past the cap */
    size_t cap = (size_t)st.st_size + 1 > 4096 ? (size_t)st.st_size + 1 : 4096, len = 0;
    char *buf = malloc(cap);
    int e = 0;
    while (buf) {
        if (len + 1 == cap) {
            if (len > FILEIO_MAX_SIZE) {
                e = EFBIG;
                break;
            }
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                e = ENOMEM;
                break;
            }
            buf = nb;
            cap *= 2;
        }
        ssize_t got = read(fd, buf + len, cap - len - 1);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            e = errno;
            break;
        }
        if (got == 0)
            break;
        len += (size_t)got;
    }
    close(fd);
    if (!buf)
        e = ENOMEM;
    if (!e && len > FILEIO_MAX_SIZE)
        e = EFBIG;
    if (e) {
        free(buf);
        say(msg, msglen, path, e == EFBIG ? too_big : strerror(e));
        errno = e;
        return NULL;
    }
    buf[len] = 0;
    if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0) { /* a UTF-8 byte-order mark */
        len -= 3;
        memmove(buf, buf + 3, len + 1);
    }
    const char *bad = not_text(buf, len, why, sizeof why);
    if (bad) {
        free(buf);
        say(msg, msglen, path, bad);
        errno = EINVAL;
        return NULL;
    }
    return buf;
}

char *read_file_all(const char *path) { return read_file_text(path, NULL, 0); }
