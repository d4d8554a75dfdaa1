/* web_assets.h — the page embedded in the program (cmake/embed_web.cmake writes web_assets.c at
 * build time). Each file is served at `path`; `gz`, when not NULL, is the same bytes gzipped at
 * build time (sent with Content-Encoding: gzip to clients that accept it); `etag` is a hash of
 * the bytes (the ETag, with "-gz" for the gzipped ones); `immutable` files have that hash in
 * their names (the engine, gabata.HASH.js and gabata.HASH.wasm) and may be cached for good. */
#ifndef GABATA_WEB_ASSETS_H
#define GABATA_WEB_ASSETS_H

#include <stddef.h>

struct web_asset {
    const char *path;
    const unsigned char *data;
    size_t len;
    const unsigned char *gz;
    size_t gz_len;
    const char *etag;
    int immutable;
};
extern const struct web_asset web_assets[];

#endif
