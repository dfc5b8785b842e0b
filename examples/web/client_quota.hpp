#pragma once
/// \file
/// A count of things held at once (connections, long polls), per client address and in all,
/// each with its limit. Thread-safe.

#include <cstddef>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

namespace tengen::web {

/// Which limit refused a ClientQuota::try_acquire.
enum class QuotaRefusal : unsigned char {
    Client, ///< the client holds its share already
    Total,  ///< all clients together hold the total
};

/// Things held at once, at most `per_client` by one client and `total` in all.
class ClientQuota {
public:
    ClientQuota(std::size_t per_client, std::size_t total)
        : per_client_(per_client), total_(total) {}
    ClientQuota(const ClientQuota&) = delete;
    ClientQuota& operator=(const ClientQuota&) = delete;

    /// One thing held by a client; given back when the Slot goes.
    class Slot {
    public:
        Slot(Slot&& other) noexcept
            : quota_(std::exchange(other.quota_, nullptr)), client_(std::move(other.client_)) {}
        Slot& operator=(Slot&&) = delete;
        Slot(const Slot&) = delete;
        Slot& operator=(const Slot&) = delete;
        ~Slot() {
            if (quota_ != nullptr)
                quota_->release(client_);
        }

    private:
        friend class ClientQuota;
        Slot(ClientQuota* quota, std::string client) : quota_(quota), client_(std::move(client)) {}
        ClientQuota* quota_;
        std::string client_;
    };

    /// A slot for `client`, or which limit is reached.
    [[nodiscard]] std::pair<std::optional<Slot>, QuotaRefusal>
    try_acquire(const std::string& client) {
        const std::lock_guard lock(mutex_);
        if (held_ >= total_)
            return {std::nullopt, QuotaRefusal::Total};
        std::size_t& mine = by_client_[client];
        if (mine >= per_client_) {
            if (mine == 0)
                by_client_.erase(client);
            return {std::nullopt, QuotaRefusal::Client};
        }
        ++mine;
        ++held_;
        return {Slot(this, client), QuotaRefusal::Client};
    }

    [[nodiscard]] std::size_t per_client() const { return per_client_; }
    [[nodiscard]] std::size_t total() const { return total_; }
    /// Slots held now, by everyone.
    [[nodiscard]] std::size_t held() const {
        const std::lock_guard lock(mutex_);
        return held_;
    }

private:
    void release(const std::string& client) {
        const std::lock_guard lock(mutex_);
        const auto it = by_client_.find(client);
        if (it != by_client_.end() && --it->second == 0)
            by_client_.erase(it);
        --held_;
    }

    std::size_t per_client_;
    std::size_t total_;
    mutable std::mutex mutex_;
    std::map<std::string, std::size_t> by_client_;
    std::size_t held_ = 0;
};

} // namespace tengen::web
