// Command ferretdb runs FerretDB v1 (embedded package) with its SQLite backend
// on loopback. It is the database of last resort for machines without mongod.
// It exits when its stdin closes, so it never outlives the Node parent.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

// Each SQLite connection keeps at most 256 KiB of pages instead of SQLite's default 2 MB:
// FerretDB opens up to 100 connections per database, and under the bench's writes the engine
// grew from 54 to 84 MB with the default; with this it stayed at 53 MB, the writes as fast.
const sqliteCachePragma = "_pragma=cache_size(-256)"

func main() {
	listen := flag.String("listen-addr", "127.0.0.1:27018", "TCP address to listen on")
	dir := flag.String("sqlite-dir", "data/ferretdb", "directory for the SQLite files")
	watchStdin := flag.Bool("exit-on-stdin-close", true, "exit when stdin reaches EOF")
	logLevel := flag.String("log-level", "warn", "debug, info, warn or error")
	flag.Parse()

	abs, err := filepath.Abs(*dir)
	if err == nil {
		err = os.MkdirAll(abs, 0o755)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "ferretdb: cannot prepare data directory:", err)
		os.Exit(1)
	}

	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		level = slog.LevelWarn
	}
	logger := slog.New(&lazyHandler{base: slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level})})

	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *listen},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: "file:" + abs + "/?" + sqliteCachePragma,
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "ferretdb:", err)
		os.Exit(1)
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	if *watchStdin {
		go func() {
			_, _ = io.Copy(io.Discard, os.Stdin)
			stop()
		}()
	}

	done := make(chan struct{})
	go func() {
		_ = f.Run(ctx)
		close(done)
	}()

	// MongoDBURI blocks until the listener is bound; printing it tells the parent we are ready.
	fmt.Println("READY " + f.MongoDBURI())
	<-done
}

// lazyHandler defers a handler's WithAttrs and WithGroup to the first record actually logged.
// FerretDB's SQL layer calls Logger.With with every statement's arguments, whole documents
// included, and a TextHandler formats those at once, even when the debug record that follows is
// dropped: that formatting was a sixth of the engine's time on updates of large documents.
type lazyHandler struct {
	base slog.Handler
	ops  []func(slog.Handler) slog.Handler
}

func (h *lazyHandler) Enabled(ctx context.Context, level slog.Level) bool {
	return h.base.Enabled(ctx, level)
}

func (h *lazyHandler) Handle(ctx context.Context, r slog.Record) error {
	handler := h.base
	for _, op := range h.ops {
		handler = op(handler)
	}
	return handler.Handle(ctx, r)
}

func (h *lazyHandler) with(op func(slog.Handler) slog.Handler) slog.Handler {
	return &lazyHandler{base: h.base, ops: append(slices.Clip(h.ops), op)}
}

func (h *lazyHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return h.with(func(handler slog.Handler) slog.Handler { return handler.WithAttrs(attrs) })
}

func (h *lazyHandler) WithGroup(name string) slog.Handler {
	return h.with(func(handler slog.Handler) slog.Handler { return handler.WithGroup(name) })
}
