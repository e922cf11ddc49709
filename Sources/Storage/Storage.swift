/// Placeholder so the module builds until its first real file lands.
enum StorageModule {}
